internal import CSystemdBus

/// Reads the values of an sd-bus message whose types this module knows (s, o, b, i, as, ao).
struct BusMessageReader {
    let message: OpaquePointer

    /// Every value in the message, in order (a variant's content in its place); an error at
    /// the first it cannot read.
    func values() throws(BusError) -> [BusValue] {
        try values(of: sd_bus_message_get_signature(message, 1).map { String(cString: $0) } ?? "")
    }

    private func values(of signature: String) throws(BusError) -> [BusValue] {
        var values: [BusValue] = []
        var types = Substring(signature)
        while let type = types.first {
            if type == "v" {
                values += try variant()
                types = types.dropFirst()
                continue
            }
            if type == "(" {
                let inner = try Self.structureContents(types)
                values.append(.structure(try structure(inner)))
                types = types.dropFirst(inner.count + 2)
                continue
            }
            if types.hasPrefix("a{ss}") {
                values.append(.stringDictionary(try stringDictionary()))
                types = types.dropFirst(5)
                continue
            }
            if type == "a", let element = types.dropFirst().first, element == "s" || element == "o" {
                let texts = try array(of: element)
                values.append(element == "s" ? .stringArray(texts) : .objectPathArray(texts))
                types = types.dropFirst(2)
                continue
            }
            values.append(try basic(type, signature: signature))
            types = types.dropFirst()
        }
        return values
    }

    private func variant() throws(BusError) -> [BusValue] {
        var type: CChar = 0
        var contents: UnsafePointer<CChar>?
        guard sd_bus_message_peek_type(message, &type, &contents) > 0, let contents else { throw unreadable("v") }
        let inner = String(cString: contents)
        guard sd_bus_message_enter_container(message, CChar(UInt8(ascii: "v")), inner) > 0 else { throw unreadable("v") }
        defer { sd_bus_message_exit_container(message) }
        return try values(of: inner)
    }

    private func basic(_ type: Character, signature: String) throws(BusError) -> BusValue {
        switch type {
        case "s", "o":
            let text = try readText(type, signature: signature)
            return type == "s" ? .string(text) : .objectPath(text)
        case "u":
            var number: UInt32 = 0
            guard sd_bus_message_read_basic(message, CChar(UInt8(ascii: "u")), &number) > 0 else { throw unreadable(signature) }
            return .uint32(number)
        case "b", "i":
            var number: Int32 = 0
            guard sd_bus_message_read_basic(message, CChar(type.asciiValue!), &number) > 0 else { throw unreadable(signature) }
            return type == "b" ? .boolean(number != 0) : .int32(number)
        default:
            throw .invalidArguments("arguments of signature \(signature) are not understood here")
        }
    }

    /// What is between the `(` that starts `types` and its matching `)`.
    private static func structureContents(_ types: Substring) throws(BusError) -> Substring {
        var depth = 0
        for index in types.indices {
            depth += types[index] == "(" ? 1 : types[index] == ")" ? -1 : 0
            if depth == 0 { return types[types.index(after: types.startIndex)..<index] }
        }
        throw .invalidArguments("signature \(types) has an unclosed structure")
    }

    private func structure(_ inner: Substring) throws(BusError) -> [BusValue] {
        guard sd_bus_message_enter_container(message, CChar(UInt8(ascii: "r")), String(inner)) > 0 else { throw unreadable("(\(inner))") }
        defer { sd_bus_message_exit_container(message) }
        return try values(of: String(inner))
    }

    private func stringDictionary() throws(BusError) -> [String: String] {
        guard sd_bus_message_enter_container(message, CChar(UInt8(ascii: "a")), "{ss}") > 0 else { throw unreadable("a{ss}") }
        defer { sd_bus_message_exit_container(message) }
        var entries: [String: String] = [:]
        while sd_bus_message_enter_container(message, CChar(UInt8(ascii: "e")), "ss") > 0 {
            let key = try readText("s", signature: "a{ss}")
            entries[key] = try readText("s", signature: "a{ss}")
            sd_bus_message_exit_container(message)
        }
        return entries
    }

    private func array(of element: Character) throws(BusError) -> [String] {
        guard sd_bus_message_enter_container(message, CChar(UInt8(ascii: "a")), String(element)) > 0 else { throw unreadable("a\(element)") }
        var texts: [String] = []
        while true {
            var pointer: UnsafePointer<CChar>?
            let code = sd_bus_message_read_basic(message, CChar(element.asciiValue!), &pointer)
            guard code > 0, let pointer else { break }
            texts.append(String(cString: pointer))
        }
        sd_bus_message_exit_container(message)
        return texts
    }

    private func readText(_ type: Character, signature: String) throws(BusError) -> String {
        var pointer: UnsafePointer<CChar>?
        guard sd_bus_message_read_basic(message, CChar(type.asciiValue!), &pointer) > 0, let pointer else { throw unreadable(signature) }
        return String(cString: pointer)
    }

    private func unreadable(_ signature: String) -> BusError {
        .invalidArguments("arguments of signature \(signature) could not be read")
    }
}
