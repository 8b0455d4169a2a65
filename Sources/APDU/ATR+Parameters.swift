extension ATR {
    /// The protocols offered, in the order the TDi bytes announce them; `[0]` when no TDi announces
    /// one (7816-3 §8.2.3). T=15 marks global bytes and is not a protocol, so it is left out.
    public var protocols: [Int] {
        var offered: [Int] = []
        for td in interfaceBytes where td.kind == .d {
            let t = Int(td.value & 0x0F)
            if t != 15, !offered.contains(t) { offered.append(t) }
        }
        return offered.isEmpty ? [0] : offered
    }

    /// Fi, Di, fmax and the speeds they give (TA1, or the defaults).
    public var transmission: TransmissionParameters { TransmissionParameters(ta1: interfaceByte(.a, 1)) }

    /// TC1: the extra guard time N in etu (0–254); `nil` when TC1 is absent (N = 0) or `FF`.
    public var extraGuardTime: Int? {
        guard let tc1 = interfaceByte(.c, 1), tc1 != 0xFF else { return nil }
        return Int(tc1)
    }

    /// TC1 = `FF`: minimum guard time (12 etu between characters for T=0, 11 etu for T=1).
    public var usesMinimumGuardTime: Bool { interfaceByte(.c, 1) == 0xFF }

    /// TA2, when the card is in specific mode.
    public var specificMode: SpecificMode? { interfaceByte(.a, 2).map(SpecificMode.init(ta2:)) }

    /// T=0 parameters, when T=0 is offered.
    public var t0Parameters: T0Parameters? {
        guard protocols.contains(0) else { return nil }
        let tc2 = interfaceBytes.first { $0.kind == .c && $0.index == 2 && $0.protocolContext == 0 }
        return T0Parameters(waitingInteger: tc2.map { Int($0.value) })
    }

    /// T=1 parameters, when T=1 is offered.
    public var t1Parameters: T1Parameters? {
        guard protocols.contains(1) else { return nil }
        let tb = specificByte(.b, forProtocol: 1)
        let tc = specificByte(.c, forProtocol: 1)
        return T1Parameters(ifsc: specificByte(.a, forProtocol: 1).map(Int.init),
                            blockWaitingInteger: tb.map { Int($0 >> 4) },
                            characterWaitingInteger: tb.map { Int($0 & 0x0F) },
                            errorDetection: tc.map { $0 & 0x01 == 0 ? .lrc : .crc })
    }

    /// Global parameters after T=15, when present.
    public var t15Parameters: T15Parameters? {
        let ta = specificByte(.a, forProtocol: 15)
        let tb = specificByte(.b, forProtocol: 15)
        guard ta != nil || tb != nil else { return nil }
        return T15Parameters(ta: ta, tb: tb)
    }

    /// Warnings about interface-byte values (reserved rates, VPP, specific mode, IFSC).
    static func parameterWarnings(_ interfaceBytes: [ATRInterfaceByte]) -> [ATRWarning] {
        let probe = ATRInterfaceProbe(interfaceBytes)
        var warnings: [ATRWarning] = []
        if let ta1 = probe.value(.a, 1) {
            let rates = TransmissionParameters(ta1: ta1)
            if rates.fi == nil { warnings.append(ATRWarning(.reservedRate, "TA1 = \([ta1].hexString()): Fi index \(rates.fiIndex) is reserved for future use")) }
            if rates.di == nil { warnings.append(ATRWarning(.reservedRate, "TA1 = \([ta1].hexString()): Di index \(rates.diIndex) is reserved for future use")) }
        }
        for name in [(ATRInterfaceByte.Kind.b, 1), (.b, 2)] {
            if let value = probe.value(name.0, name.1), value != 0 {
                warnings.append(ATRWarning(.programmingVoltage, "\(name.0.rawValue)\(name.1) = \([value].hexString()): VPP programming bytes are deprecated (ISO 7816-3:2006) and should be 00 or absent"))
            }
        }
        if let ta2 = probe.value(.a, 2) {
            let mode = SpecificMode(ta2: ta2)
            let offered = probe.announcedProtocols
            if !offered.isEmpty, !offered.contains(mode.protocol) {
                warnings.append(ATRWarning(.specificModeMismatch, "TA2 selects T=\(mode.protocol) but the ATR offers T=\(offered.map(String.init).joined(separator: ", T="))"))
            }
        }
        if let ifsc = probe.specific(.a, 1), ifsc == 0x00 || ifsc == 0xFF {
            warnings.append(ATRWarning(.invalidInterfaceValue, "IFSC = \([ifsc].hexString()) for T=1 is invalid (01–FE allowed)"))
        }
        return warnings
    }
}

/// Lookups over interface bytes before an `ATR` exists (used while building its warnings).
private struct ATRInterfaceProbe {
    let bytes: [ATRInterfaceByte]
    init(_ bytes: [ATRInterfaceByte]) { self.bytes = bytes }

    func value(_ kind: ATRInterfaceByte.Kind, _ index: Int) -> UInt8? {
        bytes.first { $0.kind == kind && $0.index == index }?.value
    }

    func specific(_ kind: ATRInterfaceByte.Kind, _ t: Int) -> UInt8? {
        bytes.first { $0.kind == kind && $0.index >= 3 && $0.protocolContext == t }?.value
    }

    var announcedProtocols: [Int] {
        bytes.compactMap(\.announcedProtocol).filter { $0 != 15 }
    }
}
