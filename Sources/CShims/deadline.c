// A deadline for one blocking pcsc-lite call, without a watching thread.
//
// pcsc-lite cannot cancel SCardTransmit or SCardConnect, and it retries a poll() that a signal
// interrupts; but when its socket to pcscd is shut down, the call it is blocked in returns an
// error. So SIGALRM, at the deadline, shuts down the sockets registered here and notes that it
// did; the caller sees the failed call, reads the note and reports a timeout. Everything in the
// handler is async-signal-safe (signal-safety(7)).
#include "CShims.h"
#include <signal.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/time.h>
#include <unistd.h>

enum { maximum_sockets = 16 };
static volatile sig_atomic_t expired;
static volatile sig_atomic_t socket_count;
static volatile int sockets[maximum_sockets];

static void deadline_passed(int signal_number) {
    (void)signal_number;
    expired = 1;
    if (socket_count == 0) {
        // Nothing to cut yet (pcscd did not answer the first connection): end the process.
        static const char message[] = "pbtool: pcscd did not answer in time\n";
        (void)!write(2, message, sizeof message - 1);
        _exit(3);
    }
    for (int index = 0; index < socket_count; index++) shutdown(sockets[index], SHUT_RDWR);
}

int cshims_deadline_install(void) {
    struct sigaction action;
    memset(&action, 0, sizeof action);
    action.sa_handler = deadline_passed;
    sigemptyset(&action.sa_mask);
    if (sigaction(SIGALRM, &action, NULL) != 0) return -1;
    // A parent that spawned us from a thread with signals blocked (a test runner, a dispatch
    // worker) passes its mask on; the alarm must get through.
    sigset_t alarm;
    sigemptyset(&alarm);
    sigaddset(&alarm, SIGALRM);
    return sigprocmask(SIG_UNBLOCK, &alarm, NULL);
}

int cshims_deadline_cut_on_expiry(int descriptor) {
    for (int index = 0; index < socket_count; index++) if (sockets[index] == descriptor) return 0;
    if (socket_count >= maximum_sockets) return -1;
    sockets[socket_count] = descriptor;
    socket_count = socket_count + 1;
    return 0;
}

static int set_timer(long milliseconds) {
    struct itimerval timer;
    memset(&timer, 0, sizeof timer);
    timer.it_value.tv_sec = milliseconds / 1000;
    timer.it_value.tv_usec = (milliseconds % 1000) * 1000;
    return setitimer(ITIMER_REAL, &timer, NULL);
}

int cshims_deadline_arm(long milliseconds) { return set_timer(milliseconds > 0 ? milliseconds : 1); }

int cshims_deadline_disarm(void) { return set_timer(0); }

int cshims_deadline_expired(void) { return expired; }
