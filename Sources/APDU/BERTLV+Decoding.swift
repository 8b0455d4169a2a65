extension BERTLV {
    /// Deepest nesting of constructed objects `decode` follows; deeper input is refused rather
    /// than risking the stack.
    public static let maximumDepth = 32

    /// Decodes a sequence of BER-TLV objects, skipping `00`/`FF` padding before, between and after
    /// them (7816-4 §5.2.2), and decoding the value of every constructed object into children.
    ///
    /// Non-minimal length forms (`81 05`) are accepted; `encoded` writes them back in the shortest form.
    /// - Throws: `TLVError` with the offset and the enclosing tags.
    public static func decode(_ bytes: [UInt8]) throws -> [BERTLV] {
        try decodeSequence(bytes[...], path: [], depth: 0)
    }

    /// Decodes exactly one object (padding around it allowed).
    /// - Throws: `TLVError`, including `.trailingBytes` when more objects follow.
    public init(bytes: [UInt8]) throws {
        let objects = try Self.decode(bytes)
        guard let first = objects.first else { throw TLVError(.truncatedTag, offset: bytes.count) }
        guard objects.count == 1 else {
            let used = first.encodedCount(in: bytes)
            throw TLVError(.trailingBytes(count: bytes.count - used), offset: used, tag: first.tag.description)
        }
        self = first
    }

    /// Decodes one object written as hex.
    /// - Throws: `HexParseError` or `TLVError`.
    public init(hex: String) throws {
        try self.init(bytes: [UInt8](hex: hex))
    }

    private static func decodeSequence(_ bytes: ArraySlice<UInt8>, path: [String], depth: Int) throws -> [BERTLV] {
        var objects: [BERTLV] = []
        var offset = bytes.startIndex
        while offset < bytes.endIndex {
            if bytes[offset] == 0x00 || bytes[offset] == 0xFF {
                offset += 1
                continue
            }
            let (object, next) = try decodeObject(bytes, at: offset, path: path, depth: depth)
            objects.append(object)
            offset = next
        }
        return objects
    }

    private static func decodeObject(_ bytes: ArraySlice<UInt8>, at start: Int, path: [String],
                                     depth: Int) throws -> (BERTLV, Int) {
        let (tag, tagLength) = try readTag(bytes, at: start, path: path)
        let lengthOffset = start + tagLength
        let (count, lengthLength) = try readLength(bytes, at: lengthOffset, tag: tag, path: path)
        let valueStart = lengthOffset + lengthLength
        let available = bytes.endIndex - valueStart
        guard count <= available else {
            throw TLVError(.truncatedValue(declared: count, available: available), offset: lengthOffset,
                           tag: tag.description, path: path)
        }
        let value = bytes[valueStart..<(valueStart + count)]
        var children: [BERTLV] = []
        if tag.isConstructed {
            guard depth < maximumDepth else {
                throw TLVError(.nestingTooDeep, offset: start, tag: tag.description, path: path)
            }
            children = try decodeSequence(value, path: path + [tag.description], depth: depth + 1)
        }
        return (BERTLV(tag: tag, value: Array(value), children: children), valueStart + count)
    }

    private static func readTag(_ bytes: ArraySlice<UInt8>, at offset: Int, path: [String]) throws -> (BERTag, Int) {
        do {
            return try BERTag.read(from: Array(bytes[offset..<min(bytes.endIndex, offset + BERTag.maximumLength)]), at: 0)
        } catch let error as TLVError {
            throw TLVError(error.problem, offset: offset, path: path)
        }
    }

    /// Reads a length field: returns the value count and the field's own size.
    private static func readLength(_ bytes: ArraySlice<UInt8>, at offset: Int, tag: BERTag,
                                   path: [String]) throws -> (Int, Int) {
        func failure(_ problem: TLVError.Problem) -> TLVError {
            TLVError(problem, offset: offset, tag: tag.description, path: path)
        }
        guard offset < bytes.endIndex else { throw failure(.truncatedLength) }
        let first = bytes[offset]
        if first < 0x80 { return (Int(first), 1) }
        if first == 0x80 { throw failure(.indefiniteLength) }
        let size = Int(first & 0x7F)
        guard size <= 4 else { throw failure(.unsupportedLengthForm(first)) }
        guard offset + size < bytes.endIndex else { throw failure(.truncatedLength) }
        let count = bytes[(offset + 1)...(offset + size)].reduce(0) { $0 << 8 | Int($1) }
        return (count, 1 + size)
    }

    /// How many input bytes this object took (its tag, its length field as written, its value),
    /// counting leading padding; used to locate trailing bytes.
    private func encodedCount(in bytes: [UInt8]) -> Int {
        let padding = bytes.prefix { $0 == 0x00 || $0 == 0xFF }.count
        guard let (_, lengthLength) = try? Self.readLength(bytes[...], at: padding + tag.bytes.count, tag: tag, path: []) else {
            return bytes.count
        }
        return padding + tag.bytes.count + lengthLength + value.count
    }
}
