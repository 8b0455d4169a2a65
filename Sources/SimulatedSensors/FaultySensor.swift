import Foundation
import Sensors

/// The simulated sensor with what a person and a real sensor do to it: a finger that arrives
/// late or stops coming, a sensor unplugged before a given swipe and, if asked, plugged in again
/// when the flow waits for it. pbtool's hidden `--sim-finger-delay`, `--sim-unplug-after` and
/// `--sim-replug` (demos, the Ctrl-C, unplug and replug tests) and the flows' tests use it.
/// Records how often it was closed.
public final class FaultySensor: FingerprintSensor {
    /// What goes wrong, and when.
    public struct Faults: Sendable {
        /// The finger arrives this long after a wait for it starts.
        public var fingerDelay: Duration = .zero
        /// After this many swipes the finger never comes back (0: it never comes).
        public var fingerGoneAfter: Int?
        /// The sensor is unplugged when swipe `unplugAfter + 1` starts.
        public var unplugAfter: Int?
        /// Whether the unplugged sensor comes back when the flow waits for it (the unplug does
        /// not repeat).
        public var replugs = false

        /// Faults from their parts; none by default.
        public init(fingerDelay: Duration = .zero, fingerGoneAfter: Int? = nil, unplugAfter: Int? = nil, replugs: Bool = false) {
            self.fingerDelay = fingerDelay
            self.fingerGoneAfter = fingerGoneAfter
            self.unplugAfter = unplugAfter
            self.replugs = replugs
        }

        /// No finger ever arrives: each wait lasts to its deadline, then throws `noFinger`.
        public static let absentFinger = Faults(fingerGoneAfter: 0)
        /// After `swipes` swipes the finger never comes back.
        public static func fingerGoneAfter(_ swipes: Int) -> Faults { Faults(fingerGoneAfter: swipes) }
        /// The sensor vanishes when swipe `swipes + 1` starts.
        public static func unplugAfter(_ swipes: Int) -> Faults { Faults(unplugAfter: swipes) }
    }

    private let inner: SimulatedSensor
    private var faults: Faults
    private var fingerArrives: ContinuousClock.Instant?
    private var swipes = 0
    /// How often ``close()`` was called.
    public private(set) var closeCount = 0

    /// `inner` with `faults`.
    public init(_ inner: SimulatedSensor, faults: Faults) {
        self.inner = inner
        self.faults = faults
    }

    public var profile: SensorProfile { inner.profile }
    public var state: SensorState { inner.state }
    public var transferCount: Int { inner.transferCount }
    public var transferTimeout: Duration {
        get { inner.transferTimeout }
        set { inner.transferTimeout = newValue }
    }

    public func open() throws { try inner.open() }

    /// Sleeps until the finger arrives or the deadline passes, whichever is first.
    public func waitForFinger(until deadline: ContinuousClock.Instant) throws {
        let start = ContinuousClock.now
        let gone = faults.fingerGoneAfter.map { swipes >= $0 } ?? false
        let arrival = gone ? nil : fingerArrives ?? start + faults.fingerDelay
        fingerArrives = arrival
        guard let arrival, arrival <= deadline else {
            Self.sleep(until: deadline)
            throw SensorError.noFinger(waited: ContinuousClock.now - start)
        }
        Self.sleep(until: arrival)
        try inner.waitForFinger(until: deadline)
    }

    public func capture(until deadline: ContinuousClock.Instant) throws -> SensorReadout {
        fingerArrives = nil
        if let unplugAfter = faults.unplugAfter, swipes >= unplugAfter {
            throw SensorError.unplugged(phase: "strip capture", transfers: 0)
        }
        swipes += 1
        return try inner.capture(until: deadline)
    }

    public func waitForFingerOff(until deadline: ContinuousClock.Instant) throws -> Bool {
        try inner.waitForFingerOff(until: deadline)
    }

    public func close() {
        closeCount += 1
        inner.close()
    }

    public var canReattach: Bool { faults.replugs }

    /// Plugged in again at once: the unplug does not repeat.
    public func reattach(until deadline: ContinuousClock.Instant) throws {
        guard faults.replugs else { throw SensorError.noSensor("the simulated sensor is not plugged in again") }
        faults.unplugAfter = nil
        try inner.open()
    }

    /// Blocks the calling thread until `instant` (the sensor protocol is synchronous).
    private static func sleep(until instant: ContinuousClock.Instant) {
        let remaining = instant - .now
        guard remaining > .zero else { return }
        Thread.sleep(forTimeInterval: remaining / .seconds(1))
    }
}
