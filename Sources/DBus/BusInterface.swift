/// What an exported interface offers, as data: the bus connection checks calls against it,
/// answers `Introspect` and the `Properties` interface from it.
public struct BusInterface: Sendable {
    /// A named argument of a method or signal.
    public struct Argument: Sendable {
        public let name: String
        public let signature: String
        public init(_ name: String, _ signature: String) {
            self.name = name
            self.signature = signature
        }
    }

    /// A method: its input and output arguments.
    public struct Method: Sendable {
        public let name: String
        public let inputs: [Argument]
        public let outputs: [Argument]
        public init(_ name: String, inputs: [Argument] = [], outputs: [Argument] = []) {
            self.name = name
            self.inputs = inputs
            self.outputs = outputs
        }

        /// The signature a call must carry.
        public var inputSignature: String { inputs.map(\.signature).joined() }
    }

    /// A signal and its arguments.
    public struct Signal: Sendable {
        public let name: String
        public let arguments: [Argument]
        public init(_ name: String, _ arguments: [Argument]) {
            self.name = name
            self.arguments = arguments
        }
    }

    /// A read-only property.
    public struct Property: Sendable {
        public let name: String
        public let signature: String
        public init(_ name: String, _ signature: String) {
            self.name = name
            self.signature = signature
        }
    }

    public let name: String
    public let methods: [Method]
    public let signals: [Signal]
    public let properties: [Property]

    public init(name: String, methods: [Method], signals: [Signal] = [], properties: [Property] = []) {
        self.name = name
        self.methods = methods
        self.signals = signals
        self.properties = properties
    }

    /// The method called `name`, if the interface has one.
    public func method(_ name: String) -> Method? { methods.first { $0.name == name } }
}
