import BiometricFormats

/// Enrolment, deletion and unblocking: each authorised and carried out in the same exchange, so
/// the administrator's authentication never serves another application's APDUs.
extension CardBiometricEdge {
    /// Authenticates for management with `authorisation`.
    /// - Throws: `CardEdgeError.wrongKey` with the tries left, `.blocked`; `.wrongKey` too when
    ///   the credential is for the other edge.
    public func authorise(_ authorisation: Authorisation) throws {
        try exclusively { edge in
            switch (edge, authorisation) {
            case (.bioManager(let bioManager), .adminKey(let key)):
                try bioManager.verifyKey(key, .admin)
            case (.iso(let iso), .adminPIN(let pin)):
                switch try iso.verifyPIN(pin, reference: ISOMatchOnCard.adminPIN) {
                case .match: return
                case .noMatch(let left): throw CardEdgeError.wrongKey(key: "admin PIN", retriesLeft: left)
                case .blocked: throw CardEdgeError.blocked("the admin PIN")
                }
            case (.bioManager, .adminPIN):
                throw CardEdgeError.wrongKey(key: "admin key (a PIN was given for a BioManager card)", retriesLeft: nil)
            case (.iso, .adminKey):
                throw CardEdgeError.wrongKey(key: "admin PIN (a key was given for an ISO card)", retriesLeft: nil)
            }
        }
    }

    /// Authorises and stores `minutiae` as `finger`'s reference (sorted to the edge's reference
    /// requirements, never pruned), replacing one that is there.
    /// - Throws: `CompactTemplateError` before anything is sent; `CardEdgeError`.
    public func enroll(_ finger: Finger, minutiae: CompactCardTemplate, authorisation: Authorisation) throws {
        _ = try minutiae.reference(for: .pbISOReference)
        try exclusively { edge in
            try edge.authorise(authorisation)
            switch edge {
            case .bioManager(let bioManager): try bioManager.enroll(finger, minutiae: minutiae)
            case .iso(let iso): try iso.enroll(finger, minutiae: minutiae)
            }
        }
    }

    /// Authorises and removes `finger`'s reference.
    public func delete(_ finger: Finger, authorisation: Authorisation) throws {
        try exclusively { edge in
            try edge.authorise(authorisation)
            switch edge {
            case .bioManager(let bioManager): try bioManager.delete(finger)
            case .iso(let iso): try iso.delete(finger)
            }
        }
    }

    /// Authorises and restores `finger`'s retry counter.
    public func unblock(_ finger: Finger, authorisation: Authorisation) throws {
        try exclusively { edge in
            try edge.authorise(authorisation)
            switch edge {
            case .bioManager(let bioManager): try bioManager.unblock(finger)
            case .iso(let iso): try iso.resetRetryCounter(of: finger.isoReference)
            }
        }
    }
}
