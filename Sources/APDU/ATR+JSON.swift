extension ATR: Encodable {
    private enum CodingKeys: String, CodingKey {
        case atr, convention, historicalByteCount, protocols, interfaceBytes, transmission, extraGuardTime,
             minimumGuardTime, specificMode, t0, t1, t15, historicalBytes, checksum, warnings
    }

    /// Every decoded field, bytes as hex strings; absent parts are left out.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(hexString, forKey: .atr)
        try container.encodeIfPresent(convention, forKey: .convention)
        try container.encodeIfPresent(announcedHistoricalCount, forKey: .historicalByteCount)
        try container.encode(protocols, forKey: .protocols)
        try container.encode(interfaceBytes, forKey: .interfaceBytes)
        try container.encode(transmission, forKey: .transmission)
        try container.encodeIfPresent(extraGuardTime, forKey: .extraGuardTime)
        try container.encode(usesMinimumGuardTime, forKey: .minimumGuardTime)
        try container.encodeIfPresent(specificMode, forKey: .specificMode)
        try container.encodeIfPresent(t0Parameters, forKey: .t0)
        try container.encodeIfPresent(t1Parameters, forKey: .t1)
        try container.encodeIfPresent(t15Parameters, forKey: .t15)
        try container.encode(historicalBytes, forKey: .historicalBytes)
        try container.encode(checksum, forKey: .checksum)
        try container.encode(warnings, forKey: .warnings)
    }
}

extension ATR.Checksum {
    private enum CodingKeys: String, CodingKey { case status, value, expected }

    /// `{"status":"correct","value":"75"}`, `{"status":"incorrect","value":"74","expected":"75"}`,
    /// `{"status":"missing"}`, `{"status":"notRequired"}`.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        switch self {
        case .correct(let value):
            try container.encode("correct", forKey: .status)
            try container.encode([value].hexString(), forKey: .value)
        case .incorrect(let value, let expected):
            try container.encode("incorrect", forKey: .status)
            try container.encode([value].hexString(), forKey: .value)
            try container.encode([expected].hexString(), forKey: .expected)
        case .missing:
            try container.encode("missing", forKey: .status)
        case .notRequired:
            try container.encode("notRequired", forKey: .status)
        }
    }
}

extension HistoricalBytes {
    private enum CodingKeys: String, CodingKey {
        case bytes, category, objects, statusIndicator, dirDataReference, text, problems
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(bytes.hexString(), forKey: .bytes)
        try container.encode(category, forKey: .category)
        if !objects.isEmpty { try container.encode(objects, forKey: .objects) }
        try container.encodeIfPresent(statusIndicator, forKey: .statusIndicator)
        try container.encodeIfPresent(dirDataReference.map { [$0].hexString() }, forKey: .dirDataReference)
        try container.encodeIfPresent(printableText, forKey: .text)
        if !problems.isEmpty { try container.encode(problems, forKey: .problems) }
    }
}
