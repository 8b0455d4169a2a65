import APDU

/// A fake card at the `CardChannel` seam: answers a fixed script of exchanges in order and records
/// what it was sent, so tests can check the exact bytes a layer put on the wire.
public final class ScriptedCard: CardChannel {
    /// One expected command and the answer to give (data + SW1 SW2).
    public struct Exchange: Sendable {
        public let command: [UInt8]
        public let response: [UInt8]

        public init(_ command: String, _ response: String) {
            // Test fixtures are literals written by hand; a typo should stop the test loudly.
            self.command = try! [UInt8](hex: command)
            self.response = try! [UInt8](hex: response)
        }

        public init(command: [UInt8], response: [UInt8]) {
            self.command = command
            self.response = response
        }
    }

    /// The script ran out, or a command differed from the expected one.
    public struct Deviation: Error, CustomStringConvertible {
        public let index: Int
        public let expected: [UInt8]?
        public let received: [UInt8]
        public var description: String {
            let wanted = expected.map { $0.hexString() } ?? "(end of script)"
            return "exchange \(index): expected \(wanted), received \(received.hexString())"
        }
    }

    public private(set) var received: [[UInt8]] = []
    private let script: [Exchange]

    public init(_ script: [Exchange]) { self.script = script }

    /// Whether every scripted exchange happened.
    public var isFinished: Bool { received.count == script.count }

    public func transmit(_ command: [UInt8]) throws -> [UInt8] {
        let index = received.count
        received.append(command)
        guard index < script.count, script[index].command == command else {
            throw Deviation(index: index, expected: index < script.count ? script[index].command : nil, received: command)
        }
        return script[index].response
    }
}
