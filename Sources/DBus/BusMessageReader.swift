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
        case "b", "i":
            var number: Int32 = 0
            guard sd_bus_message_read_basic(message, CChar(type.asciiValue!), &number) > 0 else { throw unreadable(signature) }
            return type == "b" ? .boolean(number != 0) : .int32(number)
        default:
            throw .invalidArguments("arguments of signature \(signature) are not understood here")
        }
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
