import Foundation
import Sensors

/// The simulated sensor with faults a real one has, injected at the sensor seam: a finger that
/// never comes, or a sensor that vanishes before a given swipe. Records whether it was closed.
final class FaultySensor: FingerprintSensor {
    enum Fault {
        /// No finger ever arrives: each wait sleeps to its deadline, then throws `noFinger`.
        case absentFinger
        /// The sensor is unplugged when swipe `n + 1` starts.
        case unplugAfter(Int)
        /// After `n` swipes the finger never comes back.
        case fingerGoneAfter(Int)
    }

    private let inner: SimulatedSensor
    private let fault: Fault
    private var swipes = 0
    private(set) var closeCount = 0

    init(_ inner: SimulatedSensor, fault: Fault) {
        self.inner = inner
        self.fault = fault
    }

    var profile: SensorProfile { inner.profile }
    var state: SensorState { inner.state }
    var transferCount: Int { 0 }
    var transferTimeout: Duration = .zero

    func open() throws { try inner.open() }

    func waitForFinger(until deadline: ContinuousClock.Instant) throws {
        switch fault {
        case .absentFinger: break
        case .fingerGoneAfter(let limit) where swipes >= limit: break
        default: return try inner.waitForFinger(until: deadline)
        }
        let start = ContinuousClock.now
        let remaining = deadline - start
        if remaining > .zero { Thread.sleep(forTimeInterval: Double(remaining.components.seconds) + Double(remaining.components.attoseconds) / 1e18) }
        throw SensorError.noFinger(waited: ContinuousClock.now - start)
    }

    func capture(until deadline: ContinuousClock.Instant) throws -> SensorReadout {
        if case .unplugAfter(let limit) = fault, swipes >= limit {
            throw SensorError.unplugged(phase: "strip capture", transfers: 0)
        }
        swipes += 1
        return try inner.capture(until: deadline)
    }

    func waitForFingerOff(until deadline: ContinuousClock.Instant) throws -> Bool {
        try inner.waitForFingerOff(until: deadline)
    }

    func close() {
        closeCount += 1
        inner.close()
    }
}
