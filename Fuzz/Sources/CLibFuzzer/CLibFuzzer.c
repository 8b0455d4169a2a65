// The declaration lives in the header; a C target needs one source file.
#include "CLibFuzzer.h"
