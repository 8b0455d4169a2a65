import APDU

/// Keys and life cycle: LEAVE VIRGIN, VERIFY KEY, CHANGE KEY, STATE CONTROL.
extension BioManagerApplet {
    /// The bytes of the start key LEAVE VIRGIN makes.
    static let startKeyLength = 8

    /// LEAVE VIRGIN: a fresh random 8-byte start key, and the move to initialization.
    func leaveVirgin() -> ResponseAPDU {
        guard stored.lifeCycle == LifeCycle.virgin else { return ResponseAPDU(statusWord: .conditionsOfUseNotSatisfied) }
        var generator = SystemRandomNumberGenerator()
        let key = (0..<Self.startKeyLength).map { _ in UInt8.random(in: 0...255, using: &generator) }
        stored.startKey = key
        stored.startKeyRetries = parameters.startKeyTries
        stored.lifeCycle = LifeCycle.initialization
        return ResponseAPDU(data: key, statusWord: .success)
    }

    /// VERIFY KEY: P1 `01` admin, `02` start (only in initialization). A wrong key costs a try and
    /// answers `63CX`; at zero tries the key answers `6983`.
    func verifyKey(_ command: CommandAPDU) -> ResponseAPDU {
        switch command.p1 {
        case 0x01:
            guard let key = stored.adminKey else { return ResponseAPDU(statusWord: .conditionsOfUseNotSatisfied) }
            return check(command.data, against: key, retries: &stored.adminKeyRetries, maximum: parameters.adminKeyTries) {
                security.isAdminKeyVerified = $0
            }
        case 0x02:
            guard stored.lifeCycle == LifeCycle.initialization, let key = stored.startKey else {
                return ResponseAPDU(statusWord: .conditionsOfUseNotSatisfied)
            }
            return check(command.data, against: key, retries: &stored.startKeyRetries, maximum: parameters.startKeyTries) {
                security.isStartKeyVerified = $0
            }
        default:
            return ResponseAPDU(statusWord: .incorrectP1P2)
        }
    }

    private func check(_ offered: [UInt8], against key: [UInt8], retries: inout UInt8, maximum: UInt8,
                       setVerified: (Bool) -> Void) -> ResponseAPDU {
        guard retries > 0 else { return ResponseAPDU(statusWord: .authenticationMethodBlocked) }
        guard constantTimeEquals(offered, key) else {
            retries -= 1
            setVerified(false)
            return ResponseAPDU.triesLeft(retries)
        }
        retries = maximum
        setVerified(true)
        return ResponseAPDU(statusWord: .success)
    }

    /// CHANGE KEY: P1 `01` sets the admin key to the data (8–16 bytes); needs the start key in
    /// initialization, the admin key later. The start key cannot be changed (`6A86`).
    func changeKey(_ command: CommandAPDU) -> ResponseAPDU {
        guard command.p1 == 0x01 else { return ResponseAPDU(statusWord: .incorrectP1P2) }
        guard stored.lifeCycle != LifeCycle.virgin, stored.lifeCycle != LifeCycle.locked else {
            return ResponseAPDU(statusWord: .conditionsOfUseNotSatisfied)
        }
        guard isManagementAuthorized else { return ResponseAPDU(statusWord: .securityStatusNotSatisfied) }
        guard parameters.keyLengths.contains(command.data.count) else { return ResponseAPDU(statusWord: .wrongLength) }
        stored.adminKey = command.data
        stored.adminKeyRetries = parameters.adminKeyTries
        return ResponseAPDU(statusWord: .success)
    }

    /// STATE CONTROL: initialization → administration or operational (management key, admin key
    /// set); administration ↔ operational and either → locked (admin key). Virgin leaves only by
    /// LEAVE VIRGIN; locked never leaves.
    func changeState(_ command: CommandAPDU) -> ResponseAPDU {
        let target = command.p1
        guard LifeCycle.all.contains(target), target != LifeCycle.virgin else { return ResponseAPDU(statusWord: .incorrectP1P2) }
        let allowed: Set<UInt8> = switch stored.lifeCycle {
        case LifeCycle.initialization: [LifeCycle.administration, LifeCycle.operational]
        case LifeCycle.administration: [LifeCycle.operational, LifeCycle.locked]
        case LifeCycle.operational: [LifeCycle.administration, LifeCycle.locked]
        default: []
        }
        guard allowed.contains(target), stored.adminKey != nil else {
            return ResponseAPDU(statusWord: .conditionsOfUseNotSatisfied)
        }
        guard isManagementAuthorized else { return ResponseAPDU(statusWord: .securityStatusNotSatisfied) }
        if stored.lifeCycle == LifeCycle.initialization {
            // The start key has done its job: it only ever opens initialization.
            security.isStartKeyVerified = false
        }
        stored.lifeCycle = target
        if target == LifeCycle.locked { security.reset() }
        return ResponseAPDU(statusWord: .success)
    }
}
