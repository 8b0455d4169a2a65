import Files
import Foundation

/// Temporary lock-out of a finger after repeated rejections on the host, which has no card
/// counter to do it: after ``Policy/maximumRejections`` rejections in a row the finger is locked
/// for ``Policy/duration``; a match clears the count.
///
/// With a file the count survives between processes (each `pbtool verify` is one); the file holds
/// hashes of user and finger, never names. Not thread-safe.
public final class RejectionLockout {
    /// When to lock and for how long.
    public struct Policy: Sendable, Hashable {
        /// Rejections in a row that lock the finger.
        public var maximumRejections: Int
        /// How long the lock lasts.
        public var duration: Duration

        /// 5 rejections, then 60 seconds.
        public init(maximumRejections: Int = 5, duration: Duration = .seconds(60)) {
            self.maximumRejections = maximumRejections
            self.duration = duration
        }
    }

    /// A finger's state.
    public enum Status: Sendable, Hashable {
        /// Usable; this many rejections are left before the lock.
        case open(retriesLeft: Int)
        /// Locked until then.
        case locked(until: Date)
    }

    struct Entry: Codable {
        var rejections: Int
        var lockedUntil: Date?
    }

    /// The policy in force.
    public let policy: Policy
    /// Where the counts live; nil keeps them in memory.
    public let path: String?
    private var entries: [String: Entry] = [:]

    /// A lock-out with `policy`, kept in `path` (created 0600 on first rejection) or in memory.
    public init(policy: Policy = Policy(), path: String? = nil) {
        self.policy = policy
        self.path = path
        entries = path.flatMap(Self.load) ?? [:]
    }

    /// `$XDG_STATE_HOME/pbtool/lockout.json`, or `~/.local/state/pbtool/lockout.json`.
    public static func defaultPath(environment: [String: String] = ProcessInfo.processInfo.environment) -> String {
        if let state = environment["XDG_STATE_HOME"], state.hasPrefix("/") { return state + "/pbtool/lockout.json" }
        return (environment["HOME"] ?? NSHomeDirectory()) + "/.local/state/pbtool/lockout.json"
    }

    /// The state of `user`'s `finger` at `now`.
    public func status(user: String, finger: Int, now: Date = Date()) -> Status {
        let entry = entries[Self.key(user, finger)] ?? Entry(rejections: 0)
        if let until = entry.lockedUntil, until > now { return .locked(until: until) }
        let counted = entry.lockedUntil == nil ? entry.rejections : 0
        return .open(retriesLeft: max(0, policy.maximumRejections - counted))
    }

    /// Counts a rejection; returns the new state (locked when this was the last try).
    @discardableResult
    public func recordRejection(user: String, finger: Int, now: Date = Date()) throws -> Status {
        let key = Self.key(user, finger)
        var entry = entries[key] ?? Entry(rejections: 0)
        if let until = entry.lockedUntil, until <= now { entry = Entry(rejections: 0) }
        entry.rejections += 1
        if entry.rejections >= policy.maximumRejections {
            let (seconds, attoseconds) = policy.duration.components
            entry.lockedUntil = now.addingTimeInterval(Double(seconds) + Double(attoseconds) / 1e18)
        }
        entries[key] = entry
        try save()
        return status(user: user, finger: finger, now: now)
    }

    /// Clears the count after a match.
    public func recordMatch(user: String, finger: Int) throws {
        guard entries.removeValue(forKey: Self.key(user, finger)) != nil else { return }
        try save()
    }

    /// FNV-1a of `user/finger`, so the file lists no names.
    static func key(_ user: String, _ finger: Int) -> String {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in "\(user)/\(finger)".utf8 {
            hash = (hash ^ UInt64(byte)) &* 0x0000_0100_0000_01b3
        }
        return String(hash, radix: 16)
    }

    private static func load(_ path: String) -> [String: Entry]? {
        guard let data = FileManager.default.contents(atPath: path) else { return nil }
        // A damaged file must not lock anyone out for good: start counting afresh.
        return try? JSONDecoder().decode([String: Entry].self, from: data)
    }

    private func save() throws {
        guard let path else { return }
        let directory = (path as NSString).deletingLastPathComponent
        if !directory.isEmpty { try OutputFolder.prepare(directory, role: "lock-out state folder", mode: 0o700) }
        let output = try OutputFile(path, role: "lock-out state file", existing: .replace, mode: 0o600)
        try output.write(Array(try JSONEncoder().encode(entries)))
        try output.commit()
    }
}
