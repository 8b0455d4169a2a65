import APDU
import BiometricFormats
import SmartCard
import Testing

/// GET PROPERTIES: the 25-byte layout of docs/card-edges.md and its §7 example.
@Suite struct BioManagerPropertiesTests {
    /// `01 02 03 00 08 0A 0A 00 0A` + 10 × `05` + `00 01` + `00 00` + `00 03`.
    private let example: [UInt8] = [0x01, 0x02, 0x03, 0x00, 0x08, 0x0A, 0x0A, 0x00, 0x0A]
        + Array(repeating: 0x05, count: 10) + [0x00, 0x01, 0x00, 0x00, 0x00, 0x03]

    @Test func decodesTheExample() throws {
        let properties = try BioManagerProperties(bytes: example)
        #expect(properties.version == [1, 2])
        #expect(properties.matcherVersion == [3, 0])
        #expect(properties.lifeCycle == .operational)
        #expect(properties.adminKeyRetries == 10)
        #expect(properties.startKeyRetries == 10)
        #expect(!properties.isAdminKeyVerified && !properties.isStartKeyVerified)
        #expect(properties.containerCount == 10)
        #expect(properties.retryCounters == Array(repeating: 5, count: 10))
        #expect(properties.verified == [0])
        #expect(properties.blocked.isEmpty)
        #expect(properties.enrolled == [0, 1])
        #expect(properties.enrolledFingers.map(\.finger) == [.rightIndex, .leftIndex])
        let rightIndex = properties.status(of: .rightIndex)
        #expect(rightIndex.isVerified && rightIndex.isEnrolled && !rightIndex.isBlocked && rightIndex.retriesLeft == 5)
        #expect(!properties.status(of: .leftIndex).isVerified)
    }

    @Test func decodesKeyFlagsAndHighContainers() throws {
        var bytes = example
        bytes[7] = 0x03
        bytes[19...24] = [0x02, 0x00, 0x03, 0x00, 0x03, 0x00]
        let properties = try BioManagerProperties(bytes: bytes)
        #expect(properties.isAdminKeyVerified && properties.isStartKeyVerified)
        #expect(properties.verified == [9])
        #expect(properties.blocked == [8, 9])
        #expect(properties.status(of: .leftThumb).isBlocked)
    }

    @Test func refusesShortOrImpossibleLayouts() {
        #expect(throws: CardEdgeError.self) { try BioManagerProperties(bytes: []) }
        #expect(throws: CardEdgeError.self) { try BioManagerProperties(bytes: Array(example.prefix(8))) }
        #expect(throws: CardEdgeError.self) { try BioManagerProperties(bytes: Array(example.prefix(24))) }
        var seventeen = example
        seventeen[8] = 17
        #expect(throws: CardEdgeError.self) { try BioManagerProperties(bytes: seventeen + Array(repeating: 0, count: 7)) }
    }

    @Test func namesLifeCycleStates() {
        #expect(BioManagerLifeCycle.virgin.name == "virgin")
        #expect(BioManagerLifeCycle(rawValue: 0x10).name == "unknown (10)")
        #expect(BioManagerLifeCycle(name: "Operational") == .operational)
    }
}
