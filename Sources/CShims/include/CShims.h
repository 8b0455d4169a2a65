#ifndef CSHIMS_H
#define CSHIMS_H

// Swift 6 rejects the C globals stdout/stderr as not concurrency-safe, so calls that need them live here.
void cshims_line_buffer_stdout(void);
// prctl is not declared by Swift's Glibc module.
int cshims_disable_core_dumps(void);
// A deadline for blocking pcsc-lite calls (deadline.c): SIGALRM shuts down the registered
// sockets, so the blocked call fails and the caller reports a timeout.
int cshims_deadline_install(void);
int cshims_deadline_cut_on_expiry(int descriptor);
int cshims_deadline_arm(long milliseconds);
int cshims_deadline_disarm(void);
int cshims_deadline_expired(void);
#endif
