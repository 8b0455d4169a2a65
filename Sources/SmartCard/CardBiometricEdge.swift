import APDU
import BiometricFormats

/// The biometric card application that flows and commands enrol on and verify with: the Precise
/// BioManager, or an ISO/IEC 7816-11 match-on-card application (`pb-iso`, or another AID).
///
/// Each operation is one exchange with the card: on a PC/SC card one transaction, so no other
/// application's APDUs come in between (``exclusively(_:)``). Failures of the connection reach
/// the caller as ``CardEdgeError`` (`.cardRemoved`, `.cardBusy`, `.timedOut` …), never as the
/// channel's own errors. Not thread-safe, like the transport beneath it.
public enum CardBiometricEdge {
    case bioManager(BioManager)
    case iso(ISOMatchOnCard)

    /// Which application to select.
    public enum Choice: String, Sendable, CaseIterable {
        /// The BioManager when the card has one, else the ISO application.
        case auto
        case biomanager
        case iso
    }

    /// How management (enroll, delete, unblock) is authorised on each edge.
    public enum Authorisation: Sendable {
        /// The BioManager admin key (8–16 bytes).
        case adminKey([UInt8])
        /// The ISO application's admin PIN (reference `83`).
        case adminPIN(String)
    }

    /// Selects the application `choice` names; `aid` replaces the `pb-iso` AID of the ISO one.
    /// - Throws: `CardEdgeError.edgeNotFound` when the card lacks it.
    public static func select(_ choice: Choice = .auto, aid: [UInt8]? = nil,
                              on transport: CardTransport) throws -> CardBiometricEdge {
        try Self.mappingErrors {
            try transport.exclusively {
                if choice != .iso {
                    let bioManager = BioManager(transport: transport)
                    do {
                        try bioManager.select()
                        return .bioManager(bioManager)
                    } catch CardEdgeError.edgeNotFound {
                        // No BioManager: with `auto`, the ISO application is the next choice.
                        guard choice == .auto else { throw CardEdgeError.edgeNotFound(.bioManager) }
                    }
                }
                let iso = aid.map { ISOMatchOnCard(transport: transport, aid: $0) } ?? ISOMatchOnCard(transport: transport)
                try iso.select()
                return .iso(iso)
            }
        }
    }

    /// The application selected.
    public var kind: CardEdge {
        switch self {
        case .bioManager: .bioManager
        case .iso: .isoMatchOnCard
        }
    }

    /// `biomanager` or `iso`, for JSON and messages.
    public var name: String { kind.rawValue }

    /// The transport the application's commands go through.
    public var transport: CardTransport {
        switch self {
        case .bioManager(let edge): edge.transport
        case .iso(let edge): edge.transport
        }
    }

    /// Runs `body` as one exchange with the card: inside one PC/SC transaction on a PC/SC card
    /// (nested calls join it), with channel failures turned into ``CardEdgeError``.
    public func exclusively<Result>(_ body: (CardBiometricEdge) throws -> Result) throws -> Result {
        try Self.mappingErrors { try transport.exclusively { try body(self) } }
    }

    /// The enrolled fingers, in finger order.
    public func enrolledFingers() throws -> [Finger] {
        try exclusively { edge in
            switch edge {
            case .bioManager(let bioManager): try bioManager.properties().enrolledFingers.map(\.finger)
            case .iso(let iso): try iso.biometricInformation().compactMap(\.finger).sorted()
            }
        }
    }

    /// The enrolled fingers with their states; an ISO card's are read with an empty VERIFY per
    /// finger, which costs no try.
    public func fingerStatuses() throws -> [FingerStatus] {
        try exclusively { edge in
            switch edge {
            case .bioManager(let bioManager):
                return try bioManager.properties().enrolledFingers
            case .iso(let iso):
                return try iso.biometricInformation().compactMap { template in
                    guard let finger = template.finger else { return nil }
                    let reference = template.referenceQualifier ?? finger.isoReference
                    return FingerStatus(finger: finger, reference: reference, status: try iso.status(of: reference),
                                        format: template.header.formatName)
                }
            }
        }
    }

    /// Reads the requirements `finger`'s reference sets once, has `build` make the probe to
    /// them, and sends it as it is; a probe that reaches the comparison and does not match costs
    /// a try. Never retried.
    public func verify(_ finger: Finger,
                       probe build: (CardMinutiaeRequirements) throws -> CompactCardTemplate) throws -> VerificationOutcome {
        try exclusively { edge in
            switch edge {
            case .bioManager(let bioManager): try bioManager.verify(finger, probe: build)
            case .iso(let iso): try iso.verify(finger, probe: build)
            }
        }
    }

    /// Verifies `minutiae`, pruned and sorted to `finger`'s requirements (the one ISO/IEC
    /// 19794-2 §9.3 routine).
    /// - Throws: `CompactTemplateError` before any try is spent; `CardEdgeError`.
    public func verify(_ finger: Finger, minutiae: CompactCardTemplate) throws -> VerificationOutcome {
        try verify(finger) { try minutiae.prepared(for: $0).get() }
    }

    /// Runs `body`, turning channel failures into ``CardEdgeError``.
    static func mappingErrors<Result>(_ body: () throws -> Result) throws -> Result {
        do {
            return try body()
        } catch {
            throw CardEdgeError.mapping(error)
        }
    }
}

extension FingerStatus {
    /// An ISO reference's status, as an empty VERIFY reports it.
    public init(finger: Finger, reference: UInt8, status: ReferenceStatus, format: String) {
        let (verified, blocked, left): (Bool, Bool, Int?) = switch status {
        case .verified: (true, false, nil)
        case .blocked: (false, true, 0)
        case .notVerified(let left): (false, false, left)
        }
        self.init(finger: finger, isEnrolled: true, isVerified: verified, isBlocked: blocked, retriesLeft: left,
                  reference: reference, format: format)
    }
}
