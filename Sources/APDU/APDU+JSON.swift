extension CommandAPDU: Encodable {
    private enum CodingKeys: String, CodingKey { case bytes, cla, ins, p1, p2, data, ne, apduCase = "case", extendedLength }

    /// `{"bytes":"00 A4 04 00 …","cla":"00","ins":"A4","p1":"04","p2":"00","data":"A0…","ne":256,"case":4,"extendedLength":false}`.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(bytes.hexString(), forKey: .bytes)
        try container.encode([cla].hexString(), forKey: .cla)
        try container.encode([ins].hexString(), forKey: .ins)
        try container.encode([p1].hexString(), forKey: .p1)
        try container.encode([p2].hexString(), forKey: .p2)
        try container.encode(data.hexString(separator: ""), forKey: .data)
        try container.encodeIfPresent(ne, forKey: .ne)
        try container.encode(apduCase, forKey: .apduCase)
        try container.encode(usesExtendedLength, forKey: .extendedLength)
    }
}

extension ResponseAPDU: Encodable {
    private enum CodingKeys: String, CodingKey { case data, statusWord, meaning, category, retriesLeft }

    /// `{"data":"6F10…","statusWord":"9000","meaning":"Normal processing","category":"normal"}`,
    /// plus `retriesLeft` for `63CX`.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(data.hexString(separator: ""), forKey: .data)
        try container.encode(statusWord, forKey: .statusWord)
        try container.encode(statusWord.meaning, forKey: .meaning)
        try container.encode(statusWord.category, forKey: .category)
        try container.encodeIfPresent(statusWord.retriesLeft, forKey: .retriesLeft)
    }
}
