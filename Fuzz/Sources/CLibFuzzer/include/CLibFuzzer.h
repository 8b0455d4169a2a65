#ifndef PBTOOL_CLIBFUZZER_H
#define PBTOOL_CLIBFUZZER_H

#include <stddef.h>
#include <stdint.h>

/// libFuzzer's driver (compiler-rt FuzzerDriver.cpp): parses libFuzzer's own flags from argv and
/// fuzzes `callback` until a budget ends or it finds a crash. Linked from libclang_rt.fuzzer.
int LLVMFuzzerRunDriver(int *argc, char ***argv, int (*callback)(const uint8_t *data, size_t size));

#endif
