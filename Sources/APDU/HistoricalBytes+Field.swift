extension HistoricalBytes {
    /// The historical bytes as one listing field with the category and objects nested inside.
    public var field: ATRField {
        var children: [ATRField] = []
        if let indicator = categoryIndicator {
            children.append(ATRField(name: "Category indicator", bytes: [indicator], meaning: categoryText))
        }
        children += objects.map(\.field)
        if category == .compactTLVWithStatusIndicator, bytes.count >= 4 {
            children.append(ATRField(name: "Mandatory status indicator (3 last bytes)", bytes: Array(bytes.suffix(3)),
                                     meaning: "LCS, SW1 SW2", details: statusIndicator.map(Self.statusLines) ?? []))
        }
        if let dirDataReference {
            children.append(ATRField(name: "DIR data reference", bytes: [dirDataReference], meaning: "EF.DIR record"))
        }
        let details = printableText.map { ["As text: \"\($0)\""] } ?? []
        return ATRField(name: "Historical bytes", bytes: bytes, meaning: "\(bytes.count) byte(s)",
                        details: details + problems.map { "Problem: \($0)" }, children: children)
    }

    private var categoryText: String {
        switch category {
        case .empty: return ""
        case .compactTLVWithStatusIndicator: return "compact-TLV data objects and a mandatory status indicator"
        case .dirDataReference: return "DIR data reference"
        case .compactTLV: return "compact-TLV data objects"
        case .reserved: return "reserved for future use"
        case .proprietary: return "proprietary format"
        }
    }

    static func statusLines(_ indicator: StatusIndicator) -> [String] {
        var lines: [String] = []
        if let lcs = indicator.lifeCycle { lines.append("LCS (life cycle status): \(lcs)") }
        if let sw = indicator.statusWord { lines.append("SW: \(sw)") }
        return lines
    }
}

extension HistoricalObject {
    /// The object as a listing field: `Tag 7 (card capabilities)` with its decoded bits.
    public var field: ATRField {
        var details: [String] = []
        if let cardServiceData { details = cardServiceData.lines }
        if let cardCapabilities {
            details = cardCapabilities.selectionLines + cardCapabilities.dataCodingLines + cardCapabilities.chainingLines
        }
        if let statusIndicator { details = HistoricalBytes.statusLines(statusIndicator) }
        if let problem { details.append("Problem: \(problem)") }
        return ATRField(name: "Tag \(CompactTLV.name(tag)), length \(value.count)", bytes: value,
                        meaning: kind.title, details: details)
    }
}
