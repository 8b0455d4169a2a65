#ifndef COPENSSL_SHIM_H
#define COPENSSL_SHIM_H
#include <openssl/opensslv.h>
#include <openssl/crypto.h>
#include <openssl/err.h>
#include <openssl/evp.h>
#include <openssl/kdf.h>
#include <openssl/params.h>
#include <openssl/core_names.h>
#include <openssl/rand.h>
#include <openssl/rsa.h>
#include <openssl/pem.h>
#include <openssl/x509.h>

// OPENSSL_free passes __FILE__/__LINE__ through a function-like macro.
static inline void copenssl_free(void *p) { OPENSSL_free(p); }
// OPENSSL_VERSION_NUMBER is an expression macro.
static inline unsigned long copenssl_version_number(void) { return OPENSSL_VERSION_NUMBER; }
#endif
