import APDU
import BiometricFormats

/// pbtool's own BioManager cards: the bio header is a BHT declaring ISO 19794-2 compact-card
/// minutiae, and the card publishes its probe limits and order in it (docs/card-edges.md).
extension BioManager {
    /// The probe `finger`'s reference wants, from its bio header (``CardMinutiaeRequirements/pbISO``
    /// when the header publishes none).
    /// - Throws: `CardEdgeError.notEnrolled`, `.unsupportedFormat` for a reference that is not
    ///   compact card (a real Precise card's BioMatch 3 header, say), `.malformedResponse`.
    public func probeRequirements(for finger: Finger) throws -> CardMinutiaeRequirements {
        let operation = "GET BIO HEADER \(finger.name)"
        let data = try bioHeader(finger)
        let header: BiometricHeader
        do {
            header = try BiometricHeader(try BERTLV(bytes: data), operation: operation)
        } catch let error as CardEdgeError {
            throw error
        } catch {
            throw CardEdgeError.unsupportedFormat(what: finger.name, format: "proprietary (\(data.count)-byte header)")
        }
        guard header.isCompactCard else { throw CardEdgeError.unsupportedFormat(what: finger.name, format: header.formatName) }
        return header.parameters ?? .pbISO
    }

    /// Enrols compact-card minutiae as `finger`'s reference, declared in a BHT bio header.
    ///
    /// The minutiae must already fit `requirements` (they are sorted, never pruned).
    /// - Throws: `CompactTemplateError` before anything is sent, `CardEdgeError` from the card.
    public func enroll(_ finger: Finger, minutiae: CompactCardTemplate,
                       requirements: CardMinutiaeRequirements = .pbISOReference) throws {
        let reference = try minutiae.reference(for: requirements)
        let header = BiometricHeader.compactCard(finger, parameters: requirements)
        try enroll(finger, header: header.tlv.encoded, reference: reference.bytes)
    }

    /// Verifies `finger`: reads its bio header once, has `build` make the probe to the
    /// header's requirements, and sends it.
    /// - Throws: what ``probeRequirements(for:)`` and `build` throw, before any try is spent;
    ///   `CardEdgeError` from VERIFY.
    public func verify(_ finger: Finger,
                       probe build: (CardMinutiaeRequirements) throws -> CompactCardTemplate) throws -> VerificationOutcome {
        try transport.exclusively {
            let probe = try build(try probeRequirements(for: finger))
            return try verify(finger, probe: probe.bytes)
        }
    }

    /// Verifies compact-card minutiae against `finger`'s reference: reads the card's limits and
    /// order, prunes and sorts the probe to them (the one ISO/IEC 19794-2 §9.3 routine), and
    /// sends it.
    /// - Throws: `CompactTemplateError` before any try is spent; `CardEdgeError`.
    public func verify(_ finger: Finger, minutiae: CompactCardTemplate) throws -> VerificationOutcome {
        try verify(finger) { try minutiae.prepared(for: $0).get() }
    }

    /// RESET STATUS for every verified container: forgets all verified fingers. Returns them.
    @discardableResult
    public func logOut() throws -> [Finger] {
        try transport.exclusively {
            let verified = try properties().verified.compactMap { Finger(bioManagerContainer: $0) }.sorted()
            for finger in verified { try resetStatus(finger) }
            return verified
        }
    }
}
