/// Reads apdutool's output format (a `.scr.expected.out` golden file):
/// `CLA: 80, INS: b8, P1: 00, P2: 00, Lc: 10, <data…>, Le: 09, <response…>, SW1: 90, SW2: 00`,
/// where "Le" is the number of bytes the card answered.
enum APDUToolExpectedOutput {
    /// What the card answered to one command.
    struct Answer: Equatable {
        let data: [UInt8]
        let statusWord: UInt16

        /// ` =9000 data 01 02` or ` =9000 len 0`.
        var expectations: String {
            let sw = " =" + hexPair(UInt8(statusWord >> 8)) + hexPair(UInt8(statusWord & 0xFF))
            return sw + (data.isEmpty ? " len 0" : " data " + data.map(hexPair).joined(separator: " "))
        }
    }

    /// The answers of every `CLA:` line, in order; lines that do not parse are left out.
    static func answers(in text: String) -> [Answer] {
        text.split(whereSeparator: \.isNewline).compactMap { answer(in: String($0).trimmingSpaces) }
    }

    static func answer(in line: String) -> Answer? {
        guard line.hasPrefix("CLA:") else { return nil }
        var response: [UInt8] = []
        var inResponse = false
        var sw1: UInt8?, sw2: UInt8?
        for field in line.split(separator: ",").map({ String($0).trimmingSpaces }) {
            let parts = field.split(separator: ":", maxSplits: 1).map { String($0).trimmingSpaces }
            if parts.count == 2 {
                guard let value = UInt8(parts[1], radix: 16) else { return nil }
                switch parts[0] {
                case "Le": inResponse = true
                case "SW1":
                    inResponse = false
                    sw1 = value
                case "SW2": sw2 = value
                default: inResponse = false
                }
            } else if inResponse {
                guard let value = UInt8(field, radix: 16) else { return nil }
                response.append(value)
            }
        }
        guard let sw1, let sw2 else { return nil }
        return Answer(data: response, statusWord: UInt16(sw1) << 8 | UInt16(sw2))
    }
}
