import APDU
import Foundation

/// Command and response APDUs, hex text, BER-TLV, SIMPLE-/COMPACT-TLV and the ATR (ISO/IEC 7816-3/-4).
enum APDUTargets {
    static let all = [commandAPDU, responseAPDU, hexText, berTLV, simpleAndCompactTLV, atr]

    /// A parsed command keeps its encoding, so its bytes are the input again.
    static let commandAPDU = FuzzTarget(
        name: "command-apdu", summary: "CommandAPDU(bytes:); bytes must give the input back",
        maximumLength: 70_000,
        run: { bytes in
            guard let command = try? CommandAPDU(bytes: bytes) else { return }
            FuzzCheck.require(command.bytes == bytes, "CommandAPDU(bytes:).bytes differs from the input")
            _ = (command.apduCase, command.classByte, command.description)
            if let resent = try? command.withExpectedLength(command.ne) {
                FuzzCheck.require(resent == command, "withExpectedLength(ne) changed the command")
            }
        },
        seeds: { APDUSeeds.commands })

    static let responseAPDU = FuzzTarget(
        name: "response-apdu", summary: "ResponseAPDU(bytes:); bytes must give the input back",
        maximumLength: 4_096,
        run: { bytes in
            guard let response = try? ResponseAPDU(bytes: bytes) else { return }
            FuzzCheck.require(response.bytes == bytes, "ResponseAPDU(bytes:).bytes differs from the input")
            _ = (response.description, response.statusWord.description, response.isSuccess)
        },
        seeds: { APDUSeeds.responses })

    /// Hex as people type it (`pbtool apdu send`, scripts): parsed bytes print and parse back.
    static let hexText = FuzzTarget(
        name: "hex", summary: "[UInt8](hex:) on arbitrary UTF-8; hexString() must parse back",
        maximumLength: 1_024,
        run: { bytes in
            let text = String(decoding: bytes, as: UTF8.self)
            guard let parsed = try? [UInt8](hex: text) else { return }
            FuzzCheck.require((try? [UInt8](hex: parsed.hexString())) == parsed, "hexString() does not parse back")
        },
        seeds: { APDUSeeds.hexTexts })

    /// What a card returns is decoded, printed (`--json` too) and searched; a second round trip
    /// of the encoding must not change it.
    static let berTLV = FuzzTarget(
        name: "ber-tlv", summary: "BERTLV.decode, formatting, JSON; encode→decode→encode is stable",
        maximumLength: 8_192,
        run: { bytes in
            _ = try? BERTLV(bytes: bytes)
            guard let objects = try? BERTLV.decode(bytes) else { return }
            for object in objects {
                _ = object.description
                _ = try? JSONEncoder().encode(object)
            }
            let encoded = objects.encoded
            guard let again = try? BERTLV.decode(encoded) else {
                FuzzCheck.require(false, "the encoding of decoded objects does not decode")
                return
            }
            FuzzCheck.require(again.encoded == encoded, "BER-TLV encoding is not stable under decode")
        },
        seeds: { APDUSeeds.berTLVs })

    static let simpleAndCompactTLV = FuzzTarget(
        name: "simple-compact-tlv", summary: "SimpleTLV.decode and CompactTLV.decode/decodePrefix; encoded gives the input back",
        maximumLength: 4_096,
        run: { bytes in
            if let objects = try? SimpleTLV.decode(bytes) {
                let encoded = objects.flatMap(\.encoded)
                FuzzCheck.require((try? SimpleTLV.decode(encoded)) == objects, "SIMPLE-TLV re-encoding decodes differently")
            }
            if let objects = try? CompactTLV.decode(bytes) {
                FuzzCheck.require(objects.flatMap(\.encoded) == bytes, "COMPACT-TLV encoded differs from the input")
                _ = objects.map(\.description)
            }
            _ = CompactTLV.decodePrefix(bytes)
        },
        seeds: { APDUSeeds.simpleAndCompactTLVs })

    /// `card status` decodes any ATR a reader reports, field by field and as JSON.
    static let atr = FuzzTarget(
        name: "atr", summary: "ATR(bytes:) with every derived view (fields, parameters, historical bytes, JSON)",
        maximumLength: 64,
        run: { bytes in
            let atr = ATR(bytes: bytes)
            FuzzCheck.require(atr.bytes == bytes, "ATR.bytes differs from the input")
            _ = (atr.fieldLines, atr.protocols, atr.transmission, atr.extraGuardTime, atr.specificMode)
            _ = (atr.t0Parameters, atr.t1Parameters, atr.t15Parameters, atr.historicalBytes.printableText)
            _ = try? JSONEncoder().encode(atr)
        },
        seeds: { APDUSeeds.atrs })
}
