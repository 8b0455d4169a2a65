import APDU

/// One command of `apdu send` with everything that crossed the wire for it.
struct APDUExchange: Encodable {
    struct Wire: Encodable {
        let direction: String
        let purpose: String
        let bytes: String
        let roundTripMilliseconds: Double?
    }

    let command: String
    let data: String
    let statusWord: StatusWord
    let meaning: String
    let wire: [Wire]
    private let traceLines: [String]

    private enum CodingKeys: String, CodingKey { case command, data, statusWord = "sw", meaning, wire }

    /// Sends `commands` in order through a `CardTransport` (standard rules, or none for `raw`).
    static func run(_ commands: [CommandAPDU], over channel: any CardChannel, raw: Bool) throws -> [APDUExchange] {
        let transport = CardTransport(channel: channel, rules: raw ? .raw : .standard, redaction: .nothing)
        return try commands.map { command in
            transport.clearTrace()
            let response = raw ? try transport.transmitRaw(command.bytes) : try transport.send(command)
            return APDUExchange(command: command, response: response, trace: transport.trace)
        }
    }

    private init(command: CommandAPDU, response: ResponseAPDU, trace: [APDUTraceEntry]) {
        self.command = command.bytes.hexString()
        data = response.data.hexString()
        statusWord = response.statusWord
        meaning = response.statusWord.meaning
        wire = trace.map { entry in
            Wire(direction: entry.direction.rawValue, purpose: entry.purpose.rawValue, bytes: entry.bytes.description,
                 roundTripMilliseconds: entry.roundTrip.map { $0 / .milliseconds(1) })
        }
        traceLines = trace.map(\.description)
    }

    /// The wire trace, then the assembled answer and its status word.
    var lines: [String] {
        var lines = traceLines
        if !data.isEmpty { lines.append("= \(data)") }
        lines.append("SW \(statusWord.hex): \(meaning)")
        return lines
    }
}
