#ifndef CSHIMS_H
#define CSHIMS_H

// Swift 6 rejects the C globals stdout/stderr as not concurrency-safe, so calls that need them live here.
void cshims_line_buffer_stdout(void);
// prctl is not declared by Swift's Glibc module.
int cshims_disable_core_dumps(void);
#endif
