extension ATR {
    /// The ATR field by field, in wire order: TS, T0, each interface byte in its protocol context,
    /// the historical bytes with their objects, and TCK.
    public var fields: [ATRField] {
        var fields: [ATRField] = []
        if let ts = bytes.first { fields.append(ATRField(name: "TS", bytes: [ts], meaning: conventionText)) }
        if let t0 = formatByte {
            fields.append(ATRField(name: "T0", bytes: [t0], meaning: "Y1 = \(Self.bits(t0 >> 4)), K = \(t0 & 0x0F) historical byte(s)"))
        }
        fields += interfaceBytes.map(interfaceField)
        if !historicalBytes.bytes.isEmpty { fields.append(historicalBytes.field) }
        if let checksumField { fields.append(checksumField) }
        return fields
    }

    /// The listing as indented text lines.
    public var fieldLines: [String] { fields.flatMap { $0.lines() } }

    private var conventionText: String {
        switch convention {
        case .direct: return "Direct convention"
        case .inverse: return "Inverse convention"
        case nil: return "Invalid initial character"
        }
    }

    private var checksumField: ATRField? {
        switch checksum {
        case .correct(let tck): return ATRField(name: "TCK", bytes: [tck], meaning: "correct checksum")
        case .incorrect(let tck, let expected):
            return ATRField(name: "TCK", bytes: [tck], meaning: "WRONG checksum, expected \([expected].hexString())")
        case .missing: return ATRField(name: "TCK", bytes: [], meaning: "missing although required")
        case .notRequired: return nil
        }
    }

    private func interfaceField(_ byte: ATRInterfaceByte) -> ATRField {
        let (meaning, details) = explain(byte)
        return ATRField(name: byte.name, bytes: [byte.value], meaning: meaning, details: details)
    }

    private func explain(_ byte: ATRInterfaceByte) -> (String, [String]) {
        let value = byte.value
        switch (byte.kind, byte.index, byte.protocolContext) {
        case (.d, _, _):
            let t = value & 0x0F
            let global = t == 15 ? " (global interface bytes follow)" : ""
            return ("Y\(byte.index + 1) = \(Self.bits(value >> 4)), protocol T = \(t)\(global)", [])
        case (.a, 1, _): return explainRates(value)
        case (.b, 1, _), (.b, 2, _):
            return value == 0 ? ("VPP is not electrically connected", []) : explainProgrammingVoltage(byte)
        case (.c, 1, _):
            return value == 0xFF ? ("Minimum guard time (12 etu for T=0, 11 etu for T=1)", [])
                : ("Extra guard time: \(value) etu", [])
        case (.a, 2, _):
            let mode = SpecificMode(ta2: value)
            return ("Specific mode, protocol T = \(mode.protocol)", [
                mode.canChangeMode ? "Able to change between negotiable and specific mode" : "Unable to change mode",
                mode.usesImplicitParameters ? "Parameters implicit (not from TA1)" : "Parameters from the interface bytes",
            ])
        case (.c, 2, 0?):
            return ("Work waiting integer WI = \(value) (T=0)", [])
        case (_, 3..., 1?): return explainT1(byte.kind, value)
        case (_, 3..., 15?): return explainT15(byte.kind, value)
        default:
            let context = byte.protocolContext.map { "T=\($0)" } ?? "global"
            return ("Specific to \(context) (no decoding)", [])
        }
    }

    private func explainRates(_ ta1: UInt8) -> (String, [String]) {
        let rates = TransmissionParameters(ta1: ta1)
        let fi = rates.fi.map(String.init) ?? "RFU (index \(rates.fiIndex))"
        let di = rates.di.map(String.init) ?? "RFU (index \(rates.diIndex))"
        guard let cycles = rates.cyclesPerETU, let typical = rates.bitRateAtTypicalClock,
              let fmax = rates.maximumClockMHz, let atMaximum = rates.bitRateAtMaximumClock else {
            return ("Fi = \(fi), Di = \(di)", [])
        }
        return ("Fi = \(fi), Di = \(di), \(Self.number(cycles)) cycles/ETU",
                ["\(Int(typical)) bits/s at 4 MHz, fMax for Fi = \(Self.number(fmax)) MHz => \(Int(atMaximum)) bits/s"])
    }

    /// TB1/TB2 of ISO/IEC 7816-3:1997 (withdrawn in 2006, still sent by old cards).
    private func explainProgrammingVoltage(_ byte: ATRInterfaceByte) -> (String, [String]) {
        let deprecated = "VPP programming is deprecated since ISO 7816-3:2006"
        guard byte.index == 1 else {
            return ("Programming voltage PI2 = \(Self.number(Double(byte.value) / 10)) V", [deprecated])
        }
        let current = ["25 mA", "50 mA", "100 mA", "RFU"][Int(byte.value >> 5 & 0x03)]
        return ("Programming voltage PI1 = \(byte.value & 0x1F) V, maximum programming current I = \(current)", [deprecated])
    }

    private func explainT1(_ kind: ATRInterfaceByte.Kind, _ value: UInt8) -> (String, [String]) {
        switch kind {
        case .a: return ("IFSC: \(value)", [])
        case .b: return ("Block waiting integer: \(value >> 4), character waiting integer: \(value & 0x0F)", [])
        case .c: return ("Error detection code: \(value & 0x01 == 0 ? "LRC" : "CRC")", [])
        case .d: return ("", [])
        }
    }

    private func explainT15(_ kind: ATRInterfaceByte.Kind, _ value: UInt8) -> (String, [String]) {
        let global = T15Parameters(ta: kind == .a ? value : nil, tb: kind == .b ? value : nil)
        switch kind {
        case .a:
            let stop = ["not supported", "state L", "state H", "no preference"][Int(value >> 6)]
            let classes = global.classes.map { "\($0.rawValue.uppercased()) \(Self.number($0.volts)) V" }
            return ("Clock stop: \(stop); class accepted by the card: \(classes.isEmpty ? "none" : classes.joined(separator: ", "))", [])
        case .b: return ("Standard or proprietary use of contact C6: \([value].hexString())", [])
        default: return ("Global parameter (no decoding)", [])
        }
    }

    static func bits(_ nibble: UInt8) -> String {
        let text = String(nibble & 0x0F, radix: 2)
        return String(repeating: "0", count: 4 - text.count) + text
    }

    static func number(_ value: Double) -> String {
        value == value.rounded() ? String(Int(value)) : String(value)
    }
}
