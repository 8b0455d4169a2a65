import APDU

/// The `$variables` of one script while it runs, and the environment `${NAME}`s are read from.
struct ScriptVariables {
    /// A variable's bytes and whether they came from the environment (then they are never traced).
    struct Value {
        let bytes: [UInt8]
        let isSecret: Bool
    }

    private var values: [String: Value] = [:]
    /// Variables whose capturing command failed, with the place of that command.
    private var lost: [String: SourceLocation] = [:]
    let environment: [String: String]

    init(environment: [String: String]) {
        self.environment = environment
    }

    mutating func set(_ name: String, _ value: Value) {
        values[name] = value
        lost[name] = nil
    }

    /// Records that the command at `location` meant to capture `name` but did not pass.
    mutating func markLost(_ name: String, capturedAt location: SourceLocation) {
        values[name] = nil
        lost[name] = location
    }

    /// The bytes of an expression, and whether any of them are secret.
    func resolve(_ expression: ByteExpression) throws(ValueProblem) -> Value {
        var bytes: [UInt8] = []
        var secret = false
        for term in expression.terms {
            let part = try resolve(term)
            bytes += part.bytes
            secret = secret || part.isSecret
        }
        return Value(bytes: bytes, isSecret: secret)
    }

    func resolve(_ term: ByteExpression.Term) throws(ValueProblem) -> Value {
        switch term {
        case .bytes(let bytes):
            return Value(bytes: bytes, isSecret: false)
        case .environment(let name, let location):
            return Value(bytes: try Self.environmentBytes(name, in: environment, at: location), isSecret: true)
        case .variable(let reference):
            guard let value = values[reference.name] else {
                throw .variableUnset(reference, capturedAt: lost[reference.name])
            }
            guard let slice = reference.slice else { return value }
            guard let bytes = slice.apply(to: value.bytes) else {
                throw .sliceOutOfRange(reference, count: value.bytes.count)
            }
            return Value(bytes: bytes, isSecret: value.isSecret)
        }
    }

    /// The hex value of environment variable `name`.
    static func environmentBytes(_ name: String, in environment: [String: String],
                                 at location: SourceLocation) throws(ValueProblem) -> [UInt8] {
        guard let text = environment[name] else { throw .environmentUnset(name, location) }
        do {
            return try [UInt8](hex: text)
        } catch {
            throw .environmentNotHex(name, location, (error as? HexParseError)?.problemText ?? "not hex")
        }
    }
}

/// Why a value could not be worked out while running.
enum ValueProblem: Error {
    /// `$name` has no value (its capturing command failed, or was skipped).
    case variableUnset(VariableReference, capturedAt: SourceLocation?)
    /// The slice wants more bytes than the value has.
    case sliceOutOfRange(VariableReference, count: Int)
    /// `${NAME}` is not set.
    case environmentUnset(String, SourceLocation)
    /// `${NAME}` is not hex.
    case environmentNotHex(String, SourceLocation, String)

    var failure: TestFailure {
        switch self {
        case .variableUnset(let reference, let capturedAt):
            let why = capturedAt.map { "the command that captures it (\($0)) did not pass" } ?? "it was never set"
            return TestFailure(location: reference.location, message: "$\(reference.name) has no value: \(why)")
        case .sliceOutOfRange(let reference, let count):
            return TestFailure(location: reference.location,
                               message: "\(reference) needs \(reference.slice?.requiredCount ?? 0) bytes; $\(reference.name) has \(count)")
        case .environmentUnset(let name, let location):
            return TestFailure(location: location, message: "environment variable \(name) is not set")
        case .environmentNotHex(let name, let location, let problem):
            return TestFailure(location: location, message: "environment variable \(name) is not hex: \(problem)")
        }
    }

    /// Environment problems are script errors; the others follow from earlier failed checks.
    var isScriptError: Bool {
        switch self {
        case .environmentUnset, .environmentNotHex: true
        case .variableUnset, .sliceOutOfRange: false
        }
    }
}

extension HexParseError {
    /// The problem without the value (which may be a secret).
    var problemText: String {
        switch problem {
        case .notAHexDigit: "a character at position \(position) is not a hex digit"
        case .oddDigitCount(let count): "odd number of hex digits (\(count))"
        case .emptyAfterPrefix: "no digits after 0x"
        }
    }
}
