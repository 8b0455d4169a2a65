import Glibc
import Sensors

/// The simulated sensor with a person's pace: the finger arrives `fingerDelay` after the flow
/// starts waiting for it, and the sensor can vanish before swipe `unplugAfter + 1` and, with
/// `replugs`, come back when the flow waits for it (hidden `--sim-finger-delay`,
/// `--sim-unplug-after` and `--sim-replug`, for demos and the Ctrl-C, unplug and replug tests).
final class PacedSimulatedSensor: FingerprintSensor {
    private let inner: SimulatedSensor
    private let fingerDelay: Duration
    private var unplugAfter: Int?
    private let replugs: Bool
    private var fingerArrives: ContinuousClock.Instant?
    private var swipes = 0

    init(_ inner: SimulatedSensor, fingerDelay: Duration, unplugAfter: Int?, replugs: Bool) {
        self.inner = inner
        self.fingerDelay = fingerDelay
        self.unplugAfter = unplugAfter
        self.replugs = replugs
    }

    var profile: SensorProfile { inner.profile }
    var state: SensorState { inner.state }
    var transferCount: Int { inner.transferCount }
    var transferTimeout: Duration {
        get { inner.transferTimeout }
        set { inner.transferTimeout = newValue }
    }

    func open() throws { try inner.open() }

    /// Sleeps until the finger arrives or the deadline passes, whichever is first.
    func waitForFinger(until deadline: ContinuousClock.Instant) throws {
        let start = ContinuousClock.now
        let arrival = fingerArrives ?? start + fingerDelay
        fingerArrives = arrival
        guard arrival <= deadline else {
            ContinuousClock().sleepSynchronously(until: deadline)
            throw SensorError.noFinger(waited: ContinuousClock.now - start)
        }
        ContinuousClock().sleepSynchronously(until: arrival)
        try inner.waitForFinger(until: deadline)
    }

    func capture(until deadline: ContinuousClock.Instant) throws -> SensorReadout {
        fingerArrives = nil
        if let unplugAfter, swipes >= unplugAfter {
            throw SensorError.unplugged(phase: "strip capture", transfers: 0)
        }
        swipes += 1
        return try inner.capture(until: deadline)
    }

    func waitForFingerOff(until deadline: ContinuousClock.Instant) throws -> Bool {
        try inner.waitForFingerOff(until: deadline)
    }

    func close() { inner.close() }

    var canReattach: Bool { replugs }

    /// Plugged in again at once: the unplug does not repeat.
    func reattach(until deadline: ContinuousClock.Instant) throws {
        guard replugs else { throw SensorError.noSensor("the simulated sensor is not plugged in again") }
        unplugAfter = nil
        try inner.open()
    }
}

extension ContinuousClock {
    /// Blocks the calling thread until `instant` (the sensor protocol is synchronous).
    func sleepSynchronously(until instant: Instant) {
        let remaining = instant - now
        guard remaining > .zero else { return }
        let (seconds, attoseconds) = remaining.components
        var request = timespec(tv_sec: Int(seconds), tv_nsec: Int(attoseconds / 1_000_000_000))
        var left = timespec()
        while nanosleep(&request, &left) == -1 && errno == EINTR { request = left }
    }
}
