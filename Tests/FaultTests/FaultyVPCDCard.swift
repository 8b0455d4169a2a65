import Foundation
@testable import VirtualCard

/// A card on a vpcd port that behaves until a command APDU arrives, then fails the way its
/// ``Fault`` says: the virtual card's socket dropped mid-APDU, a card that goes silent, or a real
/// card pulled out of the reader after answering some commands.
final class FaultyVPCDCard: @unchecked Sendable {
    enum Fault {
        /// Closes the connection once the command has arrived, before answering.
        case dropBeforeAnswer
        /// Sends a frame header announcing 16 bytes and 3 of them, then closes.
        case dropMidAnswer
        /// Keeps the connection open and never answers (until ``close()``).
        case neverAnswer
        /// `card` answers the first `answered` commands (and every power and reset message);
        /// then the card is pulled: the connection closes once the next command has arrived.
        case pulledAfter(answered: Int, card: VirtualCard)
    }

    private let socket: VPCDSocket
    private let fault: Fault
    private let finished = DispatchSemaphore(value: 0)
    private let lock = NSLock()
    private var commands = 0

    /// Connects to vpcd on `port` (127.0.0.1) and starts answering.
    init(_ fault: Fault, port: UInt16 = 35963) throws {
        socket = try VPCDSocket(host: "127.0.0.1", port: port, options: .lowLatency)
        self.fault = fault
        Thread.detachNewThread { [self] in
            serve()
            finished.signal()
        }
    }

    /// How many command APDUs reached the card.
    var commandCount: Int { lock.withLock { commands } }

    /// Ends the connection (if the fault has not already) and waits for the serving thread.
    func close() {
        socket.shutdown()
        finished.wait()
    }

    private func serve() {
        var decoder = VPCDFrameDecoder()
        while let received = try? socket.receive(), !received.isEmpty {
            decoder.append(received)
            while let payload = decoder.nextPayload() {
                guard let message = try? VPCDMessage(payload: payload) else { continue }
                switch message {
                case .command:
                    let count = lock.withLock { commands += 1; return commands }
                    if case .pulledAfter(let answered, let card) = fault, count <= answered {
                        try? socket.send(VPCDFrameDecoder.frame(card.answer(message) ?? []))
                    } else if fail() {
                        return
                    }
                case .getATR:
                    try? socket.send(VPCDFrameDecoder.frame(VirtualCard.defaultATR))
                default:
                    if case .pulledAfter(_, let card) = fault { _ = card.answer(message) }
                }
            }
        }
    }

    /// Applies the fault; returns whether the connection is gone.
    private func fail() -> Bool {
        switch fault {
        case .dropBeforeAnswer, .pulledAfter:
            socket.shutdown()
            return true
        case .dropMidAnswer:
            try? socket.send([0x00, 0x10, 0x6F, 0x0E, 0x84])
            socket.shutdown()
            return true
        case .neverAnswer:
            return false
        }
    }
}
