import Foundation
import Testing
import TestSupport
import USB
@testable import Sensors

/// Every recording cut short (the device stops answering), with the device vanishing, or with
/// one reply's bit flipped, at points chosen from a fixed seed: the capture ends with a clear
/// ``SensorError`` (or, for a flipped pixel, an image), never a trap, and within its timeout.
@Suite(.enabled(if: SharedData.isAvailable, "needs ../shared/data (USB recordings)"))
struct RecordingMutationTests {
    /// Three cut points per recording, spread over the whole conversation.
    private func cutPoints(_ sensor: String) throws -> [Int] {
        let total = try RecordedSensors.transferCount(sensor)
        var generator = SplitMix(seed: UInt64(sensor.utf8.reduce(7) { $0 &* 31 &+ Int($1) }.magnitude))
        return (0..<3).map { _ in Int(generator.next() % UInt64(total)) }
    }

    @Test(arguments: RecordedSensors.all)
    func aRecordingThatStopsAnsweringEndsWithAClearError(_ sensor: String) throws {
        for cut in try cutPoints(sensor) {
            let transport = FailingTransport(try RecordedSensors.player(sensor), failAfter: cut, with: USBError.timeout)
            let outcome = RecordedSensors.capture(RecordedSensors.driver(sensor, over: transport), timeout: .milliseconds(500))
            guard case .failure(let error) = outcome else { continue }
            let sensorError = try #require(error as? SensorError, "\(sensor) cut at \(cut): \(error)")
            #expect(!sensorError.description.isEmpty)
        }
    }

    @Test(arguments: RecordedSensors.all)
    func aDeviceThatVanishesIsReportedAsUnplugged(_ sensor: String) throws {
        for cut in try cutPoints(sensor) {
            // A generous deadline: the unplug, not the clock, must end the capture.
            let transport = FailingTransport(try RecordedSensors.player(sensor), failAfter: cut, with: USBError.noDevice)
            let outcome = RecordedSensors.capture(RecordedSensors.driver(sensor, over: transport), timeout: .seconds(60))
            guard case .failure(let error) = outcome else {
                // Only a cut in what close sends after the capture can leave the capture whole.
                continue
            }
            guard case SensorError.unplugged = error else {
                Issue.record("\(sensor) vanishing after \(cut) transfers: \(error)")
                continue
            }
        }
    }

    @Test(arguments: RecordedSensors.all)
    func aFlippedBitIsCaughtOrLandsInThePicture(_ sensor: String) throws {
        var generator = SplitMix(seed: UInt64(sensor.utf8.count) &* 977)
        let total = try RecordedSensors.transferCount(sensor)
        for _ in 0..<4 {
            let transport = FlippingTransport(try RecordedSensors.player(sensor), index: Int(generator.next() % UInt64(total)),
                                              bit: Int(generator.next() % 65_536))
            let outcome = RecordedSensors.capture(RecordedSensors.driver(sensor, over: transport), timeout: .milliseconds(500))
            switch outcome {
            case .success(let result):
                if let image = result.stitched.image { #expect(image.pixels.count == image.width * image.height) }
            case .failure(let error):
                #expect(error is SensorError, "\(sensor): \(error)")
            }
        }
    }
}

/// A small deterministic generator (SplitMix64) for the cut points.
struct SplitMix {
    private var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
