import Foundation

/// Prints results as JSON on standard output: pretty and key-sorted for one result, one compact
/// object per line for streams (`card watch --json`).
enum JSONOutput {
    /// One pretty-printed document.
    static func print(_ value: some Encodable) throws {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        Swift.print(String(decoding: try encoder.encode(value), as: UTF8.self))
    }

    /// One line of a JSON-lines stream.
    static func printLine(_ value: some Encodable) throws {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        Swift.print(String(decoding: try encoder.encode(value), as: UTF8.self))
    }
}
