import Foundation

/// Every command's `--json` output: pretty and key-sorted for one result, one compact object per
/// line for streams (`card watch --json`, the flows' events). Dates are ISO 8601.
enum JSONOutput {
    /// Whether a document or a stream's closing record was printed: a failure after it adds no
    /// second answer. A flow's stream is open from its first event to its `finished` event.
    nonisolated(unsafe) static var answered = false

    /// One pretty-printed document on standard output.
    static func print(_ value: some Encodable) throws {
        Swift.print(String(decoding: try data(value), as: UTF8.self))
        answered = true
    }

    /// One line of a JSON-lines stream on standard output; `closes` when it is the stream's
    /// last record (a flow's `finished` event, a run's summary).
    static func printLine(_ value: some Encodable, closes: Bool = true) throws {
        Swift.print(String(decoding: try encoder(pretty: false).encode(value), as: UTF8.self))
        answered = closes
    }

    /// A line of JSON a reporter encoded itself (`apdu run --json`); like ``printLine(_:closes:)``
    /// it counts as the command's answer.
    static func printEncodedLine(_ line: String) {
        Swift.print(line)
        answered = true
    }

    /// The pretty-printed document, for files.
    static func data(_ value: some Encodable) throws -> Data {
        try encoder(pretty: true).encode(value)
    }

    private static func encoder(pretty: Bool) -> JSONEncoder {
        let encoder = JSONEncoder()
        encoder.outputFormatting = pretty ? [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes] : [.sortedKeys, .withoutEscapingSlashes]
        encoder.dateEncodingStrategy = .iso8601
        return encoder
    }
}
