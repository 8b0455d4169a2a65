import DBus
import Foundation

/// Who may do what, as fprintd decides it: polkit's actions where polkit's authority is on the
/// bus; elsewhere a caller acts for itself unless it is root; one claim at a time; operations
/// need the caller's own claim. polkit's answer is awaited, so the claim is checked after it.
extension FprintDevice {
    func claimDevice(_ call: BusCall) async throws(BusError) {
        try await authorise(.verify, or: .enroll, call)
        let user = try await actingUser(call.text(0), call)
        // polkit may have been deciding while the client left: its claim would never end.
        guard !departed.contains(call.sender) else { throw FprintError.claimDevice("The client left the bus") }
        if let claim {
            throw FprintError.alreadyInUse(claim.sender == call.sender ? "Device was already claimed" : "Device already in use by another user")
        }
        claim = Claim(sender: call.sender, user: user)
    }

    func releaseDevice(_ call: BusCall) throws(BusError) {
        _ = try claimant(call)
        endOperation()
        claim = nil
    }

    /// The caller's claim; an error when the device is unclaimed or claimed by someone else.
    func claimant(_ call: BusCall) throws(BusError) -> Claim {
        guard let claim else { throw FprintError.claimDevice("Device was not claimed before use") }
        guard claim.sender == call.sender else { throw FprintError.alreadyInUse("Device already in use by another user") }
        return claim
    }

    /// The user a call acts for: the caller's own account for an empty name; another account
    /// only for root.
    func actingUser(_ requested: String, _ call: BusCall) async throws(BusError) -> String {
        guard let uid = call.callerUID, let caller = UserAccounts.name(of: uid) else {
            throw FprintError.internal("Cannot tell which user is calling")
        }
        if requested.isEmpty || requested == caller { return caller }
        switch await authority.verdict(on: FprintAction.setUsername.rawValue, for: call.sender) {
        case .authorised: break
        case .refused(let reason): throw FprintError.permissionDenied(reason)
        case .absent: guard uid == 0 else { throw FprintError.permissionDenied("Not authorized to act for another user") }
        }
        guard UserAccounts.exists(requested) else { throw FprintError.internal("No user named \(Self.excerpt(requested))") }
        return requested
    }

    /// Checks that polkit authorises the caller for `action` (or `alternative`), as fprintd
    /// does before each method; without a polkit authority on the bus, every caller may.
    func authorise(_ action: FprintAction, or alternative: FprintAction? = nil, _ call: BusCall) async throws(BusError) {
        var refusal = ""
        for candidate in [action, alternative].compactMap(\.self) {
            switch await authority.verdict(on: candidate.rawValue, for: call.sender) {
            case .authorised, .absent: return
            case .refused(let reason): refusal = refusal.isEmpty ? reason : refusal
            }
        }
        throw FprintError.permissionDenied(refusal)
    }

    /// At most 64 characters of a caller's string, for error messages.
    static func excerpt(_ text: String) -> String {
        text.count <= 64 ? "'\(text)'" : "'\(text.prefix(64))…' (\(text.utf8.count) bytes)"
    }
}

/// The system's user accounts (getpwuid_r/getpwnam_r: the service serves many callers).
enum UserAccounts {
    static func name(of uid: UInt32) -> String? {
        var entry = passwd()
        var found: UnsafeMutablePointer<passwd>?
        var buffer = [CChar](repeating: 0, count: 4096)
        guard getpwuid_r(uid, &entry, &buffer, buffer.count, &found) == 0, found != nil, let name = entry.pw_name else { return nil }
        return String(cString: name)
    }

    static func exists(_ name: String) -> Bool {
        guard name.utf8.count < 256 else { return false }
        var entry = passwd()
        var found: UnsafeMutablePointer<passwd>?
        var buffer = [CChar](repeating: 0, count: 4096)
        return getpwnam_r(name, &entry, &buffer, buffer.count, &found) == 0 && found != nil
    }
}
