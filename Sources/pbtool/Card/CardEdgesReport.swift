import APDU
import SmartCard

/// The card-edge part of `card status`: which edges answer SELECT, the BioManager's life cycle,
/// enrolled fingers and counters, the IDStore's entries, and the ISO application's references.
struct CardEdgesReport: Encodable {
    struct BioManagerPart: Encodable {
        let present: Bool
        var version: String?
        var matcherVersion: String?
        var lifeCycle: String?
        var adminKeyRetries: Int?
        var startKeyRetries: Int?
        var adminKeyVerified: Bool?
        var fingers: [FingerReport]?
        var error: String?
    }

    struct IDStorePart: Encodable {
        let present: Bool
        var containers: Int?
        var capacity: Int?
        var entries: [EntryReport]?
        var error: String?
    }

    struct ISOPart: Encodable {
        struct Counter: Encodable {
            let reference: String
            let remaining: Int
            let maximum: Int
        }

        let present: Bool
        var fingers: [FingerReport]?
        var retryCounters: [Counter]?
        var error: String?
    }

    let bioManager: BioManagerPart
    let idStore: IDStorePart
    let iso: ISOPart

    private enum CodingKeys: String, CodingKey {
        case bioManager = "biomanager", idStore = "idstore", iso
    }

    /// Surveys the card over `channel` (nothing on the card changes); throws when the card leaves.
    init(channel: any CardChannel) throws {
        let survey = try CardEdgeSurvey(transport: CardTransport(channel: channel, redaction: .cardEdgeSecrets, recordsTrace: false))
        bioManager = Self.part(survey.bioManager, absent: BioManagerPart(present: false)) { properties in
            BioManagerPart(present: true, version: Self.version(properties.version),
                           matcherVersion: Self.version(properties.matcherVersion), lifeCycle: properties.lifeCycle.name,
                           adminKeyRetries: properties.adminKeyRetries, startKeyRetries: properties.startKeyRetries,
                           adminKeyVerified: properties.isAdminKeyVerified,
                           fingers: properties.enrolledFingers.map { FingerReport($0) })
        } failed: { BioManagerPart(present: true, error: $0) }
        idStore = Self.part(survey.idStore, absent: IDStorePart(present: false)) { contents in
            IDStorePart(present: true, containers: contents.properties.containerCount, capacity: contents.properties.capacity,
                        entries: contents.entries?.map(EntryReport.init))
        } failed: { IDStorePart(present: true, error: $0) }
        iso = Self.part(survey.isoMatchOnCard, absent: ISOPart(present: false)) { references in
            ISOPart(present: true, fingers: Self.fingers(references), retryCounters: references.retryCounters.map {
                ISOPart.Counter(reference: [$0.reference].hexString(), remaining: $0.remaining, maximum: $0.maximum)
            })
        } failed: { ISOPart(present: true, error: $0) }
    }

    private static func part<Value, Part>(_ finding: CardEdgeSurvey.Finding<Value>, absent: Part,
                                          present: (Value) -> Part, failed: (String) -> Part) -> Part {
        switch finding {
        case .absent: absent
        case .present(let value): present(value)
        case .failed(let reason): failed(reason)
        }
    }

    private static func fingers(_ references: CardEdgeSurvey.ISOReferences) -> [FingerReport] {
        zip(references.templates, references.states).compactMap { template, state in
            guard let finger = template.finger, let state else { return nil }
            return FingerReport(FingerStatus(finger: finger, reference: template.referenceQualifier ?? finger.isoReference,
                                             status: state, format: template.header.formatName))
        }
    }

    private static func version(_ bytes: [UInt8]) -> String { bytes.map(String.init).joined(separator: ".") }

    var lines: [String] {
        var lines = ["Card edges:"]
        lines += bioManagerLines
        if !idStore.present {
            lines.append("  IDStore: absent")
        } else if let error = idStore.error {
            lines.append("  IDStore: present, but \(error)")
        } else {
            lines.append("  IDStore: \(idStore.containers ?? 0) containers of \(idStore.capacity ?? 0) bytes")
            lines += (idStore.entries ?? []).map { "    " + $0.line }
        }
        if !iso.present {
            lines.append("  ISO match on card (pb-iso): absent")
        } else if let error = iso.error {
            lines.append("  ISO match on card (pb-iso): present, but \(error)")
        } else {
            let fingers = iso.fingers ?? []
            lines.append("  ISO match on card (pb-iso): " + (fingers.isEmpty ? "no finger enrolled" : "enrolled fingers:"))
            lines += fingers.map { "  " + $0.line }
        }
        return lines
    }

    private var bioManagerLines: [String] {
        guard bioManager.present else { return ["  BioManager: absent"] }
        if let error = bioManager.error { return ["  BioManager: present, but \(error)"] }
        let fingers = bioManager.fingers ?? []
        return ["  BioManager \(bioManager.version ?? "?") (matcher \(bioManager.matcherVersion ?? "?")): "
                + "life cycle \(bioManager.lifeCycle ?? "?"), admin key \(bioManager.adminKeyRetries ?? 0) tries left"
                + (bioManager.adminKeyVerified == true ? " (verified)" : ""),
                "    " + (fingers.isEmpty ? "no finger enrolled" : "enrolled fingers:")]
            + fingers.map { "  " + $0.line }
    }
}
