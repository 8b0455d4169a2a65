import Foundation
import PCSC
import LiveCardStack
import VirtualCard

/// APDU round trip through libpcsclite → pcscd → vpcd → the virtual card (issue 2: median
/// ≤ 0.3 ms over 1,000 APDUs), with and without the card's socket tuning.
struct APDURoundTripBench: BenchSuite {
    static let name = "apdu"
    static let summary = "APDU round trip through pcscd + vpcd + the virtual card"

    /// What is measured.
    struct Parameters {
        /// APDUs timed with the tuned socket (the issue's figure).
        var measured = 1_000
        /// APDUs sent first and not timed.
        var warmUp = 50
        /// APDUs timed with fewer socket options; a slow variant costs ~40 ms each, so only a few.
        var untunedSample = 25
        /// READ COUNTER of the demo applet: 4 bytes back, no state written.
        var command: [UInt8] = [0x80, 0x32, 0x00, 0x00, 0x04]
    }

    let parameters = Parameters()

    func run(_ report: BenchReport) async throws {
        try await LiveStackLock.withExclusiveAccess {
            try PCSCDaemon.ensureRunning()
            let tuned = try measure(count: parameters.measured, options: .lowLatency)
            report.record("median round trip (\(parameters.measured) APDUs)", tuned.median, unit: "ms", target: .atMost(0.3))
            report.record("p90 round trip", tuned.percentile90, unit: "ms")
            let variants: [(String, VPCDSocketOptions)] = [
                ("TCP_NODELAY only", .noDelay), ("TCP_QUICKACK only", .quickAck), ("no socket options", []),
            ]
            for (label, options) in variants {
                let figure = try measure(count: parameters.untunedSample, options: options)
                report.record("median with \(label) (\(parameters.untunedSample) APDUs)", figure.median, unit: "ms")
            }
            report.note("in-process card without pcscd: median \(String(format: "%.4f", try inProcessMedian())) ms")
        }
    }

    /// Attaches a card with or without socket tuning and times `count` APDUs through pcscd.
    private func measure(count: Int, options: VPCDSocketOptions) throws -> (median: Double, percentile90: Double) {
        let card = try VirtualCard(applets: [DemoApplet()])
        var attachmentParameters = VPCDAttachment.Parameters(port: 35963)
        attachmentParameters.socketOptions = options
        let attachment = VPCDAttachment(card: card, parameters: attachmentParameters)
        attachment.start()
        defer { attachment.stop() }
        guard attachment.waitUntilAttached(timeout: .seconds(10)) else { throw BenchFailure("vpcd did not accept the card") }
        try ReaderWatch.waitForCard(in: "Virtual PCD 00 00", present: true, timeout: .seconds(10))
        let connection = try PCSCContext().connect(to: "Virtual PCD 00 00")
        _ = try connection.transmit([0x00, 0xA4, 0x04, 0x00, 0x08] + DemoApplet.demoAID + [0x00])
        for _ in 0..<min(parameters.warmUp, count) { _ = try connection.transmit(parameters.command) }
        let clock = ContinuousClock()
        var milliseconds: [Double] = []
        milliseconds.reserveCapacity(count)
        for _ in 0..<count {
            let start = clock.now
            let answer = try connection.transmit(parameters.command)
            milliseconds.append((clock.now - start) / .milliseconds(1))
            guard answer.suffix(2) == [0x90, 0x00] else { throw BenchFailure("unexpected answer \(answer)") }
        }
        try connection.disconnect()
        attachment.stop()
        try ReaderWatch.waitForCard(in: "Virtual PCD 00 00", present: false, timeout: .seconds(10))
        milliseconds.sort()
        return (milliseconds[count / 2], milliseconds[min(count - 1, count * 9 / 10)])
    }

    /// The same APDU through the in-process channel: the card's own share of the round trip.
    private func inProcessMedian() throws -> Double {
        let channel = VirtualCardChannel(card: try VirtualCard(applets: [DemoApplet()]))
        _ = try channel.transmit([0x00, 0xA4, 0x04, 0x00, 0x08] + DemoApplet.demoAID + [0x00])
        let clock = ContinuousClock()
        var milliseconds = (0..<parameters.measured).map { _ in
            let start = clock.now
            _ = try? channel.transmit(parameters.command)
            return (clock.now - start) / .milliseconds(1)
        }
        milliseconds.sort()
        return milliseconds[milliseconds.count / 2]
    }
}

struct BenchFailure: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}

