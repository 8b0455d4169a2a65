import Fingerprint

/// Minutiae templates: ISO/IEC 19794-2:2005 records, ANSI INCITS 378-2004 records, compact card
/// templates, pbtool's host templates and the format sniffing in front of them.
enum TemplateTargets {
    static let all = [iso19794, ansi378, compactCard, hostTemplate, sniffedRecord]

    static let iso19794 = FuzzTarget(
        name: "iso19794", summary: "ISO19794Record.decode; encode is stable; compact card preparation",
        maximumLength: 16_384,
        run: { bytes in
            guard let record = try? ISO19794Record.decode(bytes) else { return }
            checkStableEncoding(record, ISO19794Record.encode, ISO19794Record.decode, format: "ISO 19794-2")
            checkCardPreparation(record, orderChoice: bytes.count)
        },
        seeds: { TemplateSeeds.iso })

    static let ansi378 = FuzzTarget(
        name: "ansi378", summary: "ANSI378Record.decode; encode is stable; compact card preparation",
        maximumLength: 16_384,
        run: { bytes in
            guard let record = try? ANSI378Record.decode(bytes) else { return }
            checkStableEncoding(record, ANSI378Record.encode, ANSI378Record.decode, format: "ANSI 378")
            checkCardPreparation(record, orderChoice: bytes.count)
        },
        seeds: { TemplateSeeds.ansi })

    /// What a card or a file hands over as a compact template (3 bytes a minutia).
    static let compactCard = FuzzTarget(
        name: "compact-card", summary: "CompactCardTemplate(bytes:); bytes give the input back; minutiae re-prepare",
        maximumLength: 1_024,
        run: { bytes in
            guard let template = try? CompactCardTemplate(bytes: bytes) else { return }
            FuzzCheck.require(template.bytes == bytes, "compact template bytes differ from the input")
            for resolution in [ScanResolution.dpi500, ScanResolution(xPixelsPerCentimetre: 1, yPixelsPerCentimetre: 65_535)] {
                let record = MinutiaeRecord(imageWidth: 0, imageHeight: 0, resolution: resolution,
                                            minutiae: template.minutiae(resolution: resolution))
                checkCardPreparation(record, orderChoice: bytes.first.map(Int.init) ?? 0)
            }
        },
        seeds: { TemplateSeeds.compact })

    /// What the template store hands back for host matching (`PBHT`, version 1).
    static let hostTemplate = FuzzTarget(
        name: "host-template", summary: "HostTemplate(bytes:); encoding is a fixed point after one round",
        maximumLength: 65_536,
        run: { bytes in
            guard let template = try? HostTemplate(bytes: bytes) else { return }
            guard let encoded = try? template.encoded(), let again = try? HostTemplate(bytes: encoded) else {
                FuzzCheck.require(false, "a decoded host template does not encode and decode again")
                return
            }
            FuzzCheck.require((try? again.encoded()) == encoded, "host template encoding changes after a round trip")
        },
        seeds: { TemplateSeeds.host })

    /// `MinutiaeRecord(bytes:)` guesses the format first, as the CLI does with a file.
    static let sniffedRecord = FuzzTarget(
        name: "template-sniff", summary: "TemplateFormat.detect + MinutiaeRecord(bytes:); re-encoding in every format",
        maximumLength: 16_384,
        run: { bytes in
            _ = TemplateFormat.detect(bytes)
            guard let record = try? MinutiaeRecord(bytes: bytes) else { return }
            for format in [TemplateFormat.iso, .ansi, .compactCard] {
                _ = try? record.encoded(as: format)
            }
        },
        seeds: { TemplateSeeds.iso + TemplateSeeds.ansi + TemplateSeeds.compact })

    /// Encoding a decoded record succeeds, and encoding is a fixed point after one round.
    private static func checkStableEncoding(_ record: MinutiaeRecord,
                                            _ encode: (MinutiaeRecord) throws -> [UInt8],
                                            _ decode: ([UInt8]) throws -> MinutiaeRecord, format: String) {
        let encoded: [UInt8]
        do { encoded = try encode(record) } catch {
            FuzzCheck.require(false, "a decoded \(format) record does not encode: \(error)")
            return
        }
        guard let again = try? decode(encoded) else {
            FuzzCheck.require(false, "an encoded \(format) record does not decode")
            return
        }
        FuzzCheck.require((try? encode(again)) == encoded, "\(format) encoding changes after a round trip")
    }

    /// The host's probe preparation for a card: what it sends meets the card's limits and decodes.
    private static func checkCardPreparation(_ record: MinutiaeRecord, orderChoice: Int) {
        let orders: [UInt8] = [0x00, 0x05, 0x06, 0x09, 0x0D, 0x11, 0x12, 0x07, 0x25, 0x1C]
        let requirements = [
            CardMinutiaeRequirements.pbISO, .unconstrained,
            CardMinutiaeRequirements(minimumCount: 0, maximumCount: orderChoice % 7,
                                     order: MinutiaeOrder(rawValue: orders[orderChoice % orders.count])),
        ]
        for requirement in requirements {
            guard let template = CompactCardTemplate.prepare(record, for: requirement).template else { continue }
            FuzzCheck.require(template.minutiae.count <= max(0, requirement.maximumCount),
                              "prepared \(template.minutiae.count) minutiae for a maximum of \(requirement.maximumCount)")
            FuzzCheck.require((try? CompactCardTemplate(bytes: template.bytes)) == template,
                              "a prepared compact template does not decode to itself")
        }
    }
}
