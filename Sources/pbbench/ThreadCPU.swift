import Foundation

/// CPU time of the calling thread (`CLOCK_THREAD_CPUTIME_ID`): what a benchmark step cost,
/// whatever else the machine runs meanwhile.
enum ThreadCPU {
    static func seconds() -> Double {
        var time = timespec()
        clock_gettime(CLOCK_THREAD_CPUTIME_ID, &time)
        return Double(time.tv_sec) + Double(time.tv_nsec) * 1e-9
    }

    static func milliseconds() -> Double {
        seconds() * 1000
    }
}
