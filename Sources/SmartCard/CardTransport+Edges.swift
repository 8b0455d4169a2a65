import APDU

extension CardTransport {
    /// The data bytes per BioManager/IDStore chunk, as the Precise host code sends them.
    static let edgeChunkSize = 250

    /// The P2 phases of multi-part BioManager and IDStore commands (docs/card-edges.md).
    enum Phase: UInt8 {
        /// The first part (INIT).
        case first = 0x00
        /// Further parts (UPDATE).
        case next = 0x01
        /// Commit or execute, without data (FINAL).
        case final = 0x02
    }

    /// SELECT by AID with an FCI expected (`00 A4 04 00 Lc AID 00`).
    /// - Throws: `CardEdgeError.edgeNotFound` for `6A82`, other failures as `CardEdgeError`.
    func select(_ edge: CardEdge, aid: [UInt8]? = nil) throws -> ResponseAPDU {
        let command = try CommandAPDU(ins: 0xA4, p1: 0x04, p2: 0x00, data: aid ?? edge.aid, ne: 256)
        let response = try send(command)
        switch response.statusWord {
        case .success: return response
        case .fileNotFound, .functionNotSupported: throw CardEdgeError.edgeNotFound(edge)
        default: throw CardEdgeError.from(response.statusWord, operation: "SELECT \(edge.title)")
        }
    }

    /// Sends `parts` as one multi-part command: the first with P2 `00`, the others with `01`, then
    /// an empty FINAL with `02`. Stops at the first part the card does not answer with `9000`
    /// and returns that answer; otherwise returns the FINAL's answer.
    /// The parts go in one exchange with the card (``exclusively(_:)``): another application's
    /// APDU between INIT and FINAL would change what the card assembles.
    func sendInPhases(cla: UInt8, ins: UInt8, p1: UInt8, parts: [[UInt8]]) throws -> ResponseAPDU {
        try exclusively {
            for (index, part) in parts.enumerated() {
                let phase: Phase = index == 0 ? .first : .next
                let answer = try send(try CommandAPDU(cla: cla, ins: ins, p1: p1, p2: phase.rawValue, data: part))
                guard answer.statusWord == .success else { return answer }
            }
            return try send(try CommandAPDU(cla: cla, ins: ins, p1: p1, p2: Phase.final.rawValue))
        }
    }

    /// Reads `count` (≥ 1) bytes in 250-byte parts (P2 `00`, then `01`) and ends with an empty
    /// FINAL (`02`). A status other than `9000` becomes the error `failure` makes of it.
    func readInPhases(cla: UInt8, ins: UInt8, p1: UInt8, count: Int,
                      failure: (StatusWord) -> any Error) throws -> [UInt8] {
        try exclusively { try readParts(cla: cla, ins: ins, p1: p1, count: count, failure: failure) }
    }

    private func readParts(cla: UInt8, ins: UInt8, p1: UInt8, count: Int,
                           failure: (StatusWord) -> any Error) throws -> [UInt8] {
        var data: [UInt8] = []
        while data.count < count {
            let phase: Phase = data.isEmpty ? .first : .next
            let wanted = min(Self.edgeChunkSize, count - data.count)
            let answer = try send(try CommandAPDU(cla: cla, ins: ins, p1: p1, p2: phase.rawValue, ne: wanted))
            guard answer.statusWord == .success else { throw failure(answer.statusWord) }
            // A card that answers with nothing would otherwise keep us asking forever.
            guard !answer.data.isEmpty, answer.data.count <= wanted else {
                throw CardEdgeError.malformedResponse(operation: "READ",
                                                      reason: "asked for \(wanted) bytes, got \(answer.data.count)")
            }
            data += answer.data
        }
        let final = try send(try CommandAPDU(cla: cla, ins: ins, p1: p1, p2: Phase.final.rawValue))
        guard final.statusWord == .success else { throw failure(final.statusWord) }
        return data
    }
}

extension Array where Element == UInt8 {
    /// The bytes in parts of at most `size` (one empty part for no bytes).
    func chunked(_ size: Int) -> [[UInt8]] {
        guard !isEmpty else { return [[]] }
        return stride(from: 0, to: count, by: size).map { Array(self[$0..<Swift.min($0 + size, count)]) }
    }
}
