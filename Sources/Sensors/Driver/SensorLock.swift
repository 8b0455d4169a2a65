import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// One pbtool process at a time per sensor: an advisory lock file per USB device node, holding
/// the owner's process ID and command, so that a second process learns at once who has it.
///
/// The file is `pbtool-sensor-BBB-DDD.lock` in `PBTOOL_LOCK_DIR` (default `/tmp`, which every
/// user can write), locked with `flock(2)`; the kernel drops the lock when the holder exits, so
/// a crashed holder never blocks the sensor.
public final class SensorLock {
    /// Who holds a sensor.
    public struct Holder: Sendable, Hashable {
        /// The holder's process ID.
        public let pid: Int32
        /// `pbtool enroll`, `pbtool sensor capture` …
        public let command: String
    }

    /// The directory lock files live in.
    public static var directory: String {
        ProcessInfo.processInfo.environment["PBTOOL_LOCK_DIR"] ?? "/tmp"
    }

    private let descriptor: Int32

    /// Takes the lock for the device at `node` (`/dev/bus/usb/BBB/DDD`) or throws
    /// ``SensorError/inUse(name:pid:command:)`` at once when another process holds it.
    public init(node: String, name: String) throws {
        let path = Self.path(for: node)
        var descriptor = Glibc.open(path, O_RDWR | O_CLOEXEC)
        if descriptor < 0 {
            descriptor = Glibc.open(path, O_RDWR | O_CREAT | O_CLOEXEC, 0o666)
            if descriptor >= 0 { fchmod(descriptor, 0o666) }
        }
        if descriptor < 0 { descriptor = Glibc.open(path, O_RDONLY | O_CLOEXEC) }
        guard descriptor >= 0 else {
            throw SensorError.transferFailed(phase: "locking", step: 0, transfers: 0,
                                             reason: "cannot open the lock file \(path): \(String(cString: strerror(errno)))")
        }
        guard flock(descriptor, LOCK_EX | LOCK_NB) == 0 else {
            let holder = Self.holder(reading: descriptor)
            Glibc.close(descriptor)
            throw SensorError.inUse(name: name, pid: holder?.pid ?? 0, command: holder?.command ?? "another pbtool")
        }
        self.descriptor = descriptor
        Self.record(ProcessInfo.processInfo.processIdentifier, Self.commandName, in: descriptor)
    }

    deinit {
        ftruncate(descriptor, 0)
        flock(descriptor, LOCK_UN)
        Glibc.close(descriptor)
    }

    /// The process holding the sensor at `node`, or nil when it is free.
    public static func holder(of node: String) -> Holder? {
        let descriptor = Glibc.open(path(for: node), O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { return nil }
        defer { Glibc.close(descriptor) }
        guard flock(descriptor, LOCK_SH | LOCK_NB) != 0 else {
            flock(descriptor, LOCK_UN)
            return nil
        }
        return holder(reading: descriptor) ?? Holder(pid: 0, command: "another pbtool")
    }

    static func path(for node: String) -> String {
        let name = node.split(separator: "/").suffix(2).joined(separator: "-")
        return directory + "/pbtool-sensor-\(name).lock"
    }

    /// `pbtool` and its subcommand words, never its options or their values (which may be secret).
    static var commandName: String {
        let arguments = ProcessInfo.processInfo.arguments
        let program = arguments.first.map { ($0 as NSString).lastPathComponent } ?? "pbtool"
        return ([program] + arguments.dropFirst().prefix { !$0.hasPrefix("-") }.prefix(2)).joined(separator: " ")
    }

    private static func record(_ pid: Int32, _ command: String, in descriptor: Int32) {
        let text = "\(pid)\n\(command)\n"
        ftruncate(descriptor, 0)
        _ = text.withCString { pwrite(descriptor, $0, strlen($0), 0) }
    }

    private static func holder(reading descriptor: Int32) -> Holder? {
        var buffer = [UInt8](repeating: 0, count: 256)
        let count = pread(descriptor, &buffer, buffer.count, 0)
        guard count > 0 else { return nil }
        let lines = String(decoding: buffer.prefix(count), as: UTF8.self).split(separator: "\n")
        guard let first = lines.first, let pid = Int32(first) else { return nil }
        return Holder(pid: pid, command: lines.dropFirst().first.map(String.init) ?? "pbtool")
    }
}
