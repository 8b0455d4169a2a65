#ifndef CPCSCLITE_SHIM_H
#define CPCSCLITE_SHIM_H
#include <PCSC/winscard.h>
#include <PCSC/reader.h>

// SCARD_PCI_T0/T1/RAW are address-of macros Swift does not import.
static inline const SCARD_IO_REQUEST *cpcsc_pci_t0(void)  { return SCARD_PCI_T0; }
static inline const SCARD_IO_REQUEST *cpcsc_pci_t1(void)  { return SCARD_PCI_T1; }
static inline const SCARD_IO_REQUEST *cpcsc_pci_raw(void) { return SCARD_PCI_RAW; }
// Cast and arithmetic macros are rejected as "structure not supported".
static const DWORD CPCSC_AUTOALLOCATE = SCARD_AUTOALLOCATE;
static const DWORD CPCSC_INFINITE = INFINITE;
static const DWORD CPCSC_MAX_BUFFER_SIZE_EXTENDED = MAX_BUFFER_SIZE_EXTENDED;
// SCARD_CTL_CODE is a function-like macro.
static inline DWORD cpcsc_ctl_code(DWORD code) { return SCARD_CTL_CODE(code); }
#endif
