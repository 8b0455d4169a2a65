internal import CSystemdBus
#if canImport(Glibc)
import Glibc
#endif

extension BusConnection {
    /// The loop: run queued work, let sd-bus process until it has nothing left, then sleep in
    /// `poll` until the bus socket or the wake-up pipe has something (or sd-bus's own timeout).
    func serve() {
        while true {
            queue.runQueued()
            var processed: Int32
            repeat { processed = sd_bus_process(busHandle, nil) } while processed > 0
            guard processed >= 0 else { return }
            guard waitForActivity() else { return }
        }
    }

    private func waitForActivity() -> Bool {
        let events = sd_bus_get_events(busHandle)
        guard events >= 0 else { return false }
        var descriptors = [pollfd(fd: sd_bus_get_fd(busHandle), events: Int16(events), revents: 0),
                           pollfd(fd: queue.wakeDescriptor, events: Int16(POLLIN), revents: 0)]
        let ready = poll(&descriptors, 2, timeoutMilliseconds())
        if ready < 0, errno != EINTR { return false }
        if descriptors[1].revents != 0 { queue.drainWakeups() }
        return true
    }

    /// sd-bus's next deadline (an absolute CLOCK_MONOTONIC time), as poll's relative timeout.
    private func timeoutMilliseconds() -> Int32 {
        var deadline: UInt64 = 0
        guard sd_bus_get_timeout(busHandle, &deadline) >= 0, deadline != UInt64.max else { return -1 }
        var now = timespec()
        clock_gettime(CLOCK_MONOTONIC, &now)
        let nowMicroseconds = UInt64(now.tv_sec) * 1_000_000 + UInt64(now.tv_nsec) / 1_000
        guard deadline > nowMicroseconds else { return 0 }
        return Int32(clamping: (deadline - nowMicroseconds + 999) / 1_000)
    }
}
