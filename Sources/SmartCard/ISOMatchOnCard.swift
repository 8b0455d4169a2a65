import APDU
import BiometricFormats

/// The ISO/IEC 7816-11 match-on-card verifier, PIV on-card-comparison style: discovers the
/// card's biometric references from its BIT group (`7F61`), builds the probe to each
/// reference's limits and order, and verifies with `00 20 00 P2 7F2E { 81 minutiae }`
/// (docs/card-formats.md). Defaults to the `pb-iso` BioManager AID.
///
/// Not thread-safe, like the transport beneath it.
public final class ISOMatchOnCard {
    /// The transport the commands go through.
    public let transport: CardTransport
    /// The application SELECT names.
    public let aid: [UInt8]
    /// The BIT group the SELECT answer carried; dropped when enrolment or deletion changes it.
    var selectedTemplates: [BiometricInformation]?

    /// A verifier over `transport` for the application `aid`; call `select()` first.
    public init(transport: CardTransport, aid: [UInt8] = CardEdge.isoMatchOnCard.aid) {
        self.transport = transport
        self.aid = aid
    }

    /// Selects the application and keeps the BIT group when its FCI carries one.
    /// - Throws: `CardEdgeError.edgeNotFound` when the card has no such application.
    public func select() throws {
        let answer = try transport.select(.isoMatchOnCard, aid: aid)
        selectedTemplates = try BiometricInformation.templates(in: answer.data, operation: "SELECT")
    }

    /// The card's biometric references: the BIT group from the SELECT answer, else from
    /// GET DATA `00 CA 7F 61 00` (one BIT per enrolled reference on `pb-iso` cards).
    public func biometricInformation() throws -> [BiometricInformation] {
        if let selectedTemplates { return selectedTemplates }
        let answer = try transport.send(try CommandAPDU(ins: 0xCA, p1: 0x7F, p2: 0x61, ne: 256))
        switch answer.statusWord {
        case .success: break
        case .referencedDataNotFound, .fileNotFound: return []
        default: throw CardEdgeError.from(answer.statusWord, operation: "GET DATA 7F61")
        }
        guard let templates = try BiometricInformation.templates(in: answer.data, operation: "GET DATA 7F61") else {
            throw CardEdgeError.malformedResponse(operation: "GET DATA 7F61", reason: "no BIT group 7F61 in the answer")
        }
        return templates
    }

    /// The BIT of `finger`. - Throws: `CardEdgeError.notEnrolled` when the card publishes none.
    public func biometricInformation(for finger: Finger) throws -> BiometricInformation {
        guard let template = try biometricInformation().first(where: { $0.finger == finger }) else {
            throw CardEdgeError.notEnrolled(finger.name)
        }
        return template
    }

    /// VERIFY without data (`00 20 00 P2`): the reference's state, at no cost.
    public func status(of reference: UInt8) throws -> ReferenceStatus {
        let answer = try transport.send(try CommandAPDU(ins: 0x20, p1: 0x00, p2: reference))
        switch answer.statusWord {
        case .success: return .verified
        case .authenticationMethodBlocked: return .blocked
        case .verificationFailed: return .notVerified(retriesLeft: nil)
        case .referencedDataNotFound: throw CardEdgeError.notEnrolled(Self.name(of: reference))
        case let status where status.retriesLeft != nil: return .notVerified(retriesLeft: status.retriesLeft)
        case let status: throw CardEdgeError.from(status, operation: "VERIFY \(Self.name(of: reference)) (query)")
        }
    }

    /// VERIFY with a probe already built to the reference's limits (`00 20 00 P2 7F2E{81 …}`).
    ///
    /// Never retried here: every try costs one from the counter.
    public func verify(reference: UInt8, probe: CompactCardTemplate) throws -> VerificationOutcome {
        let data = BERTLV(0x7F2E) { BERTLV(0x81, probe.bytes) }.encoded
        let answer = try transport.send(try CommandAPDU(ins: 0x20, p1: 0x00, p2: reference, data: data))
        return try Self.outcome(answer.statusWord, reference: reference, operation: "VERIFY")
    }

    /// The probe `finger`'s reference wants, from its BIT (``CardMinutiaeRequirements/pbISO``
    /// when the BIT publishes none).
    /// - Throws: `CardEdgeError.notEnrolled`, `.unsupportedFormat` for a reference that is not
    ///   compact card.
    public func probeRequirements(for finger: Finger) throws -> CardMinutiaeRequirements {
        try compactCardInformation(for: finger).header.parameters ?? .pbISO
    }

    /// Verifies `finger`: reads its BIT once, checks the format is compact card, has `build`
    /// make the probe to the BIT's requirements, and sends VERIFY to the BIT's reference.
    /// - Throws: `CardEdgeError.notEnrolled`, `.unsupportedFormat`, and what `build` throws,
    ///   before any try is spent.
    public func verify(_ finger: Finger,
                       probe build: (CardMinutiaeRequirements) throws -> CompactCardTemplate) throws -> VerificationOutcome {
        try transport.exclusively {
            let template = try compactCardInformation(for: finger)
            let probe = try build(template.header.parameters ?? .pbISO)
            return try verify(reference: template.referenceQualifier ?? finger.isoReference, probe: probe)
        }
    }

    /// Verifies `finger` with `minutiae` pruned and sorted to its BIT (the one ISO/IEC 19794-2
    /// §9.3 routine).
    /// - Throws: `CompactTemplateError` before any try is spent; as ``verify(_:probe:)``.
    public func verify(_ finger: Finger, minutiae: CompactCardTemplate) throws -> VerificationOutcome {
        try verify(finger) { try minutiae.prepared(for: $0).get() }
    }

    /// The BIT of `finger`, checked to declare compact card minutiae.
    private func compactCardInformation(for finger: Finger) throws -> BiometricInformation {
        let template = try biometricInformation(for: finger)
        guard template.header.isCompactCard else {
            throw CardEdgeError.unsupportedFormat(what: finger.name, format: template.header.formatName)
        }
        return template
    }

    /// Resets the reference's security status (`00 20 FF P2`, ISO/IEC 7816-4:2013): log-out.
    public func resetSecurityStatus(of reference: UInt8) throws {
        let answer = try transport.send(try CommandAPDU(ins: 0x20, p1: 0xFF, p2: reference))
        guard answer.statusWord == .success else {
            throw CardEdgeError.from(answer.statusWord, operation: "VERIFY FF (reset) \(Self.name(of: reference))")
        }
    }

    static func outcome(_ status: StatusWord, reference: UInt8, operation: String) throws -> VerificationOutcome {
        switch status {
        case .success: return .match
        case .verificationFailed: return .noMatch(retriesLeft: nil)
        case .authenticationMethodBlocked: return .blocked
        case .referencedDataNotFound: throw CardEdgeError.notEnrolled(name(of: reference))
        case let status where status.retriesLeft != nil: return .noMatch(retriesLeft: status.retriesLeft)
        case let status: throw CardEdgeError.from(status, operation: "\(operation) \(name(of: reference))")
        }
    }

    /// `right-index` for `pb-iso` finger slots, `user PIN` …, else `reference 96`.
    static func name(of reference: UInt8) -> String {
        switch reference {
        case 0x81: "user PIN"
        case 0x82: "PUK"
        case 0x83: "admin PIN"
        case 0x91...0x9A: Finger(isoReference: reference)?.name ?? "reference \(reference)"
        default: "reference " + [reference].hexString()
        }
    }
}

/// A reference's state as an empty VERIFY reports it.
public enum ReferenceStatus: Hashable, Sendable {
    /// Verified since the last reset (`9000`).
    case verified
    /// Not verified; tries left when the card says (`63CX`).
    case notVerified(retriesLeft: Int?)
    /// Blocked (`6983`).
    case blocked
}
