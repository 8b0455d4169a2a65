import Foundation

/// CPU time of the calling thread (`CLOCK_THREAD_CPUTIME_ID`): what one step of an evaluation
/// cost one core, whatever else the machine runs meanwhile. `pbtool bench` and pbbench time
/// extraction and matching with it.
public enum ThreadCPU {
    /// Seconds of CPU the calling thread has used.
    public static func seconds() -> Double {
        var time = timespec()
        clock_gettime(CLOCK_THREAD_CPUTIME_ID, &time)
        return Double(time.tv_sec) + Double(time.tv_nsec) * 1e-9
    }

    /// ``seconds()`` in milliseconds.
    public static func milliseconds() -> Double {
        seconds() * 1000
    }
}
