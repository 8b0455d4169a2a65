internal import CSystemdBus

/// Appends values to an sd-bus message being built (a reply or a signal).
struct BusMessageWriter {
    let message: OpaquePointer

    func append(_ values: [BusValue]) throws(BusFailure) {
        for value in values { try append(value) }
    }

    func append(_ value: BusValue) throws(BusFailure) {
        switch value {
        case .string(let text): try appendText(text, type: "s")
        case .objectPath(let path): try appendText(path, type: "o")
        case .boolean(let flag): try appendInteger(flag ? 1 : 0, type: "b")
        case .int32(let number): try appendInteger(number, type: "i")
        case .stringArray(let texts): try container("a", "s") { () throws(BusFailure) in for text in texts { try appendText(text, type: "s") } }
        case .objectPathArray(let paths): try container("a", "o") { () throws(BusFailure) in for path in paths { try appendText(path, type: "o") } }
        case .uint32(let number): try appendInteger(Int32(bitPattern: number), type: "u")
        case .structure(let fields): try container("r", String(value.signature.dropFirst().dropLast())) { () throws(BusFailure) in try append(fields) }
        case .stringDictionary(let entries): try appendDictionary(entries.sorted { $0.key < $1.key }.map { ($0.key, .string($0.value)) }, variants: false)
        case .variantDictionary(let entries): try appendDictionary(entries.sorted { $0.key < $1.key }.map { ($0.key, $0.value) })
        }
    }

    /// `value` wrapped in a variant (`v`), as `Properties.Get` answers.
    func appendVariant(_ value: BusValue) throws(BusFailure) {
        try container("v", value.signature) { () throws(BusFailure) in try append(value) }
    }

    /// A property dictionary (`a{sv}`), as `Properties.GetAll` answers; with `variants` false,
    /// a dictionary of strings (`a{ss}`, every value a `.string`).
    func appendDictionary(_ entries: [(String, BusValue)], variants: Bool = true) throws(BusFailure) {
        let entry = variants ? "sv" : "ss"
        try container("a", "{\(entry)}") { () throws(BusFailure) in
            for (key, value) in entries {
                try container("e", entry) { () throws(BusFailure) in
                    try appendText(key, type: "s")
                    try variants ? appendVariant(value) : append(value)
                }
            }
        }
    }

    private func appendText(_ text: String, type: Character) throws(BusFailure) {
        let code = text.withCString { sd_bus_message_append_basic(message, CChar(type.asciiValue!), $0) }
        try check(code, "appending a string")
    }

    private func appendInteger(_ number: Int32, type: Character) throws(BusFailure) {
        var value = number
        try check(sd_bus_message_append_basic(message, CChar(type.asciiValue!), &value), "appending a number")
    }

    private func container(_ type: Character, _ contents: String, _ body: () throws(BusFailure) -> Void) throws(BusFailure) {
        try check(sd_bus_message_open_container(message, CChar(type.asciiValue!), contents), "opening a container")
        try body()
        try check(sd_bus_message_close_container(message), "closing a container")
    }

    private func check(_ code: Int32, _ operation: String) throws(BusFailure) {
        if code < 0 { throw BusFailure(operation: operation, code: code) }
    }
}
