import Foundation
import Testing
@testable import Sensors

/// The per-sensor lock file: taken once, named in the refusal, released on close.
struct SensorLockTests {
    private func node() -> String { "/dev/bus/usb/\(Int.random(in: 100...999))/\(Int.random(in: 100...999))" }

    @Test func aHeldSensorIsRefusedWithItsHolderAndFreedAfterwards() throws {
        let node = node()
        defer { try? FileManager.default.removeItem(atPath: SensorLock.path(for: node)) }
        var held: SensorLock? = try SensorLock(node: node, name: "NEXT Biometrics NB-1010-U")
        #expect(SensorLock.holder(of: node)?.pid == ProcessInfo.processInfo.processIdentifier)
        // flock locks belong to the open file: a second open in this process is refused too.
        #expect {
            try SensorLock(node: node, name: "NEXT Biometrics NB-1010-U")
        } throws: { error in
            guard case SensorError.inUse(_, let pid, _) = error else { return false }
            return pid == ProcessInfo.processInfo.processIdentifier
        }
        withExtendedLifetime(held) {}
        held = nil
        #expect(SensorLock.holder(of: node) == nil)
        _ = try SensorLock(node: node, name: "NEXT Biometrics NB-1010-U")
    }

    @Test func theLockFileIsNamedAfterTheBusAndAddress() {
        #expect(SensorLock.path(for: "/dev/bus/usb/001/044").hasSuffix("/pbtool-sensor-001-044.lock"))
    }

    @Test func theRecordedCommandHasNoOptions() {
        #expect(!SensorLock.commandName.contains("-"))
    }
}
