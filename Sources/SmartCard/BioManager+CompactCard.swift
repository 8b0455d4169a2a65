import APDU

/// pbtool's own BioManager cards: the bio header is a BHT declaring ISO 19794-2 compact-card
/// minutiae, and the card publishes its probe limits and order in it (smartcard.md §3.7.A).
extension BioManager {
    /// The probe `finger`'s reference wants, from its bio header.
    /// - Throws: `CardEdgeError.notEnrolled`, `.unsupportedFormat` for a reference that is not
    ///   compact card (a real Precise card's BioMatch 3 header, say), `.malformedResponse`.
    public func matchingParameters(for finger: Finger) throws -> MatchingAlgorithmParameters {
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
        return header.parameters ?? .pbtoolProbe
    }

    /// Enrols compact-card minutiae as `finger`'s reference, declared in a BHT bio header.
    ///
    /// The minutiae must already fit `parameters` (they are sorted, never pruned).
    /// - Throws: `CompactTemplateError` before anything is sent, `CardEdgeError` from the card.
    public func enroll(_ finger: Finger, minutiae: CompactMinutiae,
                       parameters: MatchingAlgorithmParameters = .pbtoolReference) throws {
        let reference = try minutiae.reference(for: parameters)
        let header = BiometricHeader.compactCard(finger, parameters: parameters)
        try enroll(finger, header: header.tlv.encoded, reference: reference.bytes)
    }

    /// Verifies compact-card minutiae against `finger`'s reference: reads the card's limits and
    /// order, prunes and sorts the probe to them, and sends it.
    /// - Throws: `CompactTemplateError.tooFewMinutiae` before any try is spent; `CardEdgeError`.
    public func verify(_ finger: Finger, minutiae: CompactMinutiae) throws -> VerificationOutcome {
        let parameters = try matchingParameters(for: finger)
        return try verify(finger, probe: try minutiae.probe(for: parameters).bytes)
    }

    /// RESET STATUS for every verified container: forgets all verified fingers. Returns them.
    @discardableResult
    public func logOut() throws -> [Finger] {
        let verified = try properties().verified.compactMap { Finger(bioManagerContainer: $0) }.sorted()
        for finger in verified { try resetStatus(finger) }
        return verified
    }
}
