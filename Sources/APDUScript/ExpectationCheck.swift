import APDU

/// Evaluates the checks of a command against the card's answer.
struct ExpectationCheck {
    let response: ResponseAPDU
    let variables: ScriptVariables
    /// The response data decoded as BER-TLV, once, when a `tlv` check asks for it.
    private var decoded: TLVDecoding?

    /// The response data read as BER-TLV, or why it could not be.
    enum TLVDecoding {
        case objects([BERTLV])
        case malformed(String)
    }

    init(response: ResponseAPDU, variables: ScriptVariables) {
        self.response = response
        self.variables = variables
    }

    /// The failure of `expectation`, or nil when it holds.
    mutating func failure(of expectation: Expectation) throws(ValueProblem) -> TestFailure? {
        let at = expectation.location
        switch expectation.kind {
        case .status(let pattern):
            guard !pattern.accepts(response.statusWord) else { return nil }
            let wanted = pattern.negated ? "a status word other than \(pattern.description.dropFirst())" : "SW \(pattern.description.dropFirst())"
            return TestFailure(location: at, message: "expected \(wanted), got \(response.statusWord.hex) (\(response.statusWord.meaning))",
                               expected: pattern.description, actual: response.statusWord.hex)
        case .data(let pattern):
            return try Self.mismatch(of: pattern, with: response.data, what: "response data", at: at, variables: variables)
        case .length(let range):
            guard !range.contains(response.data.count) else { return nil }
            return TestFailure(location: at, message: "expected \(range) data bytes, got \(response.data.count)",
                               expected: "len \(range)", actual: "len \(response.data.count)")
        case .tlv(let path, let check):
            return try tlvFailure(path, check, at: at)
        }
    }

    /// The failure when `bytes` do not match `pattern`.
    static func mismatch(of pattern: BytePattern, with bytes: [UInt8], what: String, at location: SourceLocation,
                         mask: [UInt8]? = nil, variables: ScriptVariables) throws(ValueProblem) -> TestFailure? {
        var resolved = try pattern.resolved { (term) throws(ValueProblem) in try variables.resolve(term).bytes }
        if let mask { resolved = resolved.masked(by: mask) }
        guard let index = resolved.firstMismatch(in: bytes) else { return nil }
        let detail: String
        if index >= resolved.values.count || index >= bytes.count {
            detail = "\(bytes.count) byte(s), the pattern wants \(resolved.allowsMore ? "at least " : "")\(resolved.values.count)"
        } else {
            detail = "byte \(index) is \(hexPair(bytes[index]))"
        }
        let shown = bytes.isEmpty ? "(empty)" : bytes.hexString()
        return TestFailure(location: location, message: "\(what) does not match: \(detail)",
                           expected: resolved.description, actual: shown)
    }

    private mutating func tlvFailure(_ path: TLVPath, _ check: TLVCheck, at location: SourceLocation) throws(ValueProblem) -> TestFailure? {
        let objects: [BERTLV]
        switch tlvObjects() {
        case .objects(let decoded): objects = decoded
        case .malformed(let problem):
            return TestFailure(location: location, message: "response data is not BER-TLV: \(problem)",
                               expected: "tlv \(path)", actual: response.data.hexString())
        }
        let found = objects.find(path)
        switch (check, found) {
        case (.absent, nil):
            return nil
        case (.absent, let object?):
            return TestFailure(location: location, message: "expected no \(path), found one", expected: "absent",
                               actual: object.value.hexString())
        case (_, nil):
            return TestFailure(location: location, message: "no \(path) in the response data",
                               expected: "\(path) present", actual: response.data.hexString())
        case (.present, _?):
            return nil
        case (.length(let range), let object?):
            guard !range.contains(object.value.count) else { return nil }
            return TestFailure(location: location, message: "\(path) holds \(object.value.count) bytes, expected \(range)",
                               expected: "len \(range)", actual: "len \(object.value.count)")
        case (.equals(let pattern), let object?):
            return try Self.mismatch(of: pattern, with: object.value, what: "value of \(path)", at: location,
                                     variables: variables)
        }
    }

    /// The response data as BER-TLV objects (decoded on first use).
    mutating func tlvObjects() -> TLVDecoding {
        if let decoded { return decoded }
        let result: TLVDecoding
        do {
            result = .objects(try BERTLV.decode(response.data))
        } catch {
            result = .malformed(String(describing: error))
        }
        decoded = result
        return result
    }
}
