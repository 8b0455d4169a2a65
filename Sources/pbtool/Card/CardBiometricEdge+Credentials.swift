import SmartCard

extension CardBiometricEdge {
    /// The credential management on this edge needs, from a command's options: the admin key
    /// (`--admin-key` or `PBTOOL_ADMIN_KEY`) on a BioManager, the admin PIN (`--admin-pin`) on an
    /// ISO application. `purpose` completes the usage error ("enroll needs …").
    func authorisation(key: AdminKeyOption, pin: String?, for purpose: String) throws -> Authorisation {
        switch self {
        case .bioManager:
            return .adminKey(try key.key(for: purpose))
        case .iso:
            guard let pin else { throw CommandFailure(.usage, "\(purpose) on an ISO match-on-card application needs --admin-pin") }
            return .adminPIN(pin)
        }
    }
}
