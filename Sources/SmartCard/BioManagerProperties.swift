import APDU
import BiometricFormats

/// The BioManager's answer to GET PROPERTIES: versions, life cycle, key counters and flags, and
/// per container its retry counter and whether it is verified, blocked and enrolled
/// (25 bytes for 10 containers; docs/card-edges.md).
public struct BioManagerProperties: Hashable, Sendable {
    /// The applet version, major and minor (bytes 0–1).
    public var version: [UInt8]
    /// The on-card matcher's version, major and minor (bytes 2–3).
    public var matcherVersion: [UInt8]
    /// The life-cycle state (byte 4).
    public var lifeCycle: BioManagerLifeCycle
    /// Tries left for the admin key (byte 5).
    public var adminKeyRetries: Int
    /// Tries left for the start key (byte 6).
    public var startKeyRetries: Int
    /// Key flags (byte 7): b0 admin key verified.
    public var isAdminKeyVerified: Bool
    /// Key flags (byte 7): b1 start key verified.
    public var isStartKeyVerified: Bool
    /// Per container (index = container number), its retry counter.
    public var retryCounters: [Int]
    /// Containers verified since the last reset (bitmap, bit i = container i).
    public var verified: Set<UInt8>
    /// Containers whose retry counter ran out.
    public var blocked: Set<UInt8>
    /// Containers holding a reference.
    public var enrolled: Set<UInt8>

    /// The number of finger containers.
    public var containerCount: Int { retryCounters.count }

    /// Parses the GET PROPERTIES data.
    /// - Throws: `CardEdgeError.malformedResponse` when it is shorter than its container count
    ///   says, or announces more than 16 containers (the bitmaps hold 16).
    public init(bytes: [UInt8]) throws(CardEdgeError) {
        func fail(_ reason: String) -> CardEdgeError { .malformedResponse(operation: "GET PROPERTIES", reason: reason) }
        guard bytes.count >= 9 else { throw fail("\(bytes.count) bytes, expected at least 9") }
        let count = Int(bytes[8])
        guard count <= 16 else { throw fail("\(count) containers; the bitmaps hold 16") }
        guard bytes.count >= 15 + count else { throw fail("\(bytes.count) bytes for \(count) containers, expected \(15 + count)") }
        version = Array(bytes[0...1])
        matcherVersion = Array(bytes[2...3])
        lifeCycle = BioManagerLifeCycle(rawValue: bytes[4])
        adminKeyRetries = Int(bytes[5])
        startKeyRetries = Int(bytes[6])
        isAdminKeyVerified = bytes[7] & 0x01 != 0
        isStartKeyVerified = bytes[7] & 0x02 != 0
        retryCounters = bytes[9..<(9 + count)].map(Int.init)
        let bitmaps = 9 + count
        verified = Self.containers(bytes[bitmaps], bytes[bitmaps + 1], count: count)
        blocked = Self.containers(bytes[bitmaps + 2], bytes[bitmaps + 3], count: count)
        enrolled = Self.containers(bytes[bitmaps + 4], bytes[bitmaps + 5], count: count)
    }

    private static func containers(_ high: UInt8, _ low: UInt8, count: Int) -> Set<UInt8> {
        let bits = UInt16(high) << 8 | UInt16(low)
        return Set((0..<UInt8(count)).filter { bits >> $0 & 1 == 1 })
    }

    /// The state of `finger`'s container.
    public func status(of finger: Finger) -> FingerStatus {
        let container = finger.bioManagerContainer
        let index = Int(container)
        return FingerStatus(finger: finger, isEnrolled: enrolled.contains(container),
                            isVerified: verified.contains(container), isBlocked: blocked.contains(container),
                            retriesLeft: index < retryCounters.count ? retryCounters[index] : nil)
    }

    /// The enrolled fingers' states, in finger order.
    public var enrolledFingers: [FingerStatus] {
        Finger.allCases.filter { enrolled.contains($0.bioManagerContainer) }.map(status(of:))
    }
}

/// One finger's reference on a card: enrolled, verified now, blocked, tries left.
public struct FingerStatus: Hashable, Sendable {
    /// The finger.
    public var finger: Finger
    /// Whether its container holds a reference.
    public var isEnrolled: Bool
    /// Whether it was verified since the card's last reset.
    public var isVerified: Bool
    /// Whether its retry counter ran out.
    public var isBlocked: Bool
    /// Tries before the finger blocks; nil when the card does not say.
    public var retriesLeft: Int?
    /// The VERIFY reference (P2) on an ISO match-on-card application; nil on the BioManager,
    /// which addresses the finger by its container.
    public var reference: UInt8?
    /// The reference's template format when the card declares it ("ISO 19794-2 compact card").
    public var format: String?

    /// A status from its parts.
    public init(finger: Finger, isEnrolled: Bool, isVerified: Bool, isBlocked: Bool, retriesLeft: Int?,
                reference: UInt8? = nil, format: String? = nil) {
        self.finger = finger
        self.isEnrolled = isEnrolled
        self.isVerified = isVerified
        self.isBlocked = isBlocked
        self.retriesLeft = retriesLeft
        self.reference = reference
        self.format = format
    }
}
