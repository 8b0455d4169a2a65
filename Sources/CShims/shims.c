#include "CShims.h"
#include <stdio.h>
#include <sys/prctl.h>

void cshims_line_buffer_stdout(void) { setvbuf(stdout, NULL, _IOLBF, 0); }

int cshims_disable_core_dumps(void) { return prctl(PR_SET_DUMPABLE, 0, 0, 0, 0); }
