#ifndef CLIBUSB_SHIM_H
#define CLIBUSB_SHIM_H
#include <libusb.h>

// libusb_set_option() is C-variadic, which Swift does not import.
static inline int clibusb_set_option_int(libusb_context *ctx, enum libusb_option opt, int value) {
    return libusb_set_option(ctx, opt, value);
}
static inline int clibusb_set_option_noarg(libusb_context *ctx, enum libusb_option opt) {
    return libusb_set_option(ctx, opt);
}
#endif
