import Foundation

/// What the BioManager applet keeps across resets and restarts (its EEPROM): life cycle, keys and
/// their counters, and per container the bio header, the reference and the retry counter.
///
/// Stored as JSON inside the card's state file (mode 0600): keys and references are in the clear
/// there, as they are in a real card's memory.
struct BioManagerStoredState: Codable, Equatable {
    struct Container: Codable, Equatable {
        /// The BHT the card answers GET BIO HEADER with; nil when empty.
        var header: [UInt8]?
        /// Compact-card minutiae; never sent back to the host.
        var reference: [UInt8]?
        /// Tries left before the container blocks.
        var retries: UInt8

        var isEnrolled: Bool { reference != nil }
    }

    var lifeCycle: UInt8
    var startKey: [UInt8]?
    var startKeyRetries: UInt8
    var adminKey: [UInt8]?
    var adminKeyRetries: UInt8
    var containers: [Container]

    /// A card fresh from the factory: virgin, no keys, empty containers.
    init(parameters: BioManagerApplet.Parameters) {
        lifeCycle = BioManagerApplet.LifeCycle.virgin
        startKey = nil
        startKeyRetries = parameters.startKeyTries
        adminKey = nil
        adminKeyRetries = parameters.adminKeyTries
        containers = Array(repeating: Container(header: nil, reference: nil, retries: parameters.fingerTries),
                           count: BioManagerApplet.containerCount)
    }

    /// Decodes and checks stored bytes; throws a description of what is wrong.
    init(bytes: [UInt8], parameters: BioManagerApplet.Parameters) throws {
        self = try JSONDecoder().decode(Self.self, from: Data(bytes))
        try check(parameters)
    }

    var bytes: [UInt8] {
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        // Encoding plain arrays and integers cannot fail.
        return Array((try? encoder.encode(self)) ?? Data())
    }

    private func check(_ parameters: BioManagerApplet.Parameters) throws {
        guard BioManagerApplet.LifeCycle.all.contains(lifeCycle) else {
            throw StoredStateProblem("unknown life-cycle state \(lifeCycle)")
        }
        guard containers.count == BioManagerApplet.containerCount else {
            throw StoredStateProblem("\(containers.count) containers instead of \(BioManagerApplet.containerCount)")
        }
        guard startKeyRetries <= parameters.startKeyTries, adminKeyRetries <= parameters.adminKeyTries,
              containers.allSatisfy({ $0.retries <= parameters.fingerTries }) else {
            throw StoredStateProblem("a retry counter above its maximum")
        }
        for (index, container) in containers.enumerated() {
            guard (container.header == nil) == (container.reference == nil),
                  container.reference.map({ CompactMinutiaeCheck.isValid($0, count: parameters.referenceMinutiae) }) ?? true else {
                throw StoredStateProblem("container \(index) holds an invalid reference")
            }
        }
        guard (lifeCycle == BioManagerApplet.LifeCycle.virgin) == (startKey == nil) else {
            throw StoredStateProblem("the start key does not fit the life-cycle state")
        }
        try checkKeys(parameters)
    }

    /// Keys of the lengths the card makes and takes, and an admin key wherever the life cycle
    /// needs one to leave it (a state that would accept no management command is damage).
    private func checkKeys(_ parameters: BioManagerApplet.Parameters) throws {
        guard startKey.map({ $0.count == BioManagerApplet.startKeyLength }) ?? true else {
            throw StoredStateProblem("the start key is \(startKey?.count ?? 0) bytes, not \(BioManagerApplet.startKeyLength)")
        }
        guard adminKey.map({ parameters.keyLengths.contains($0.count) }) ?? true else {
            throw StoredStateProblem("the admin key is \(adminKey?.count ?? 0) bytes, not \(parameters.keyLengths.lowerBound) to \(parameters.keyLengths.upperBound)")
        }
        let needsAdminKey = [BioManagerApplet.LifeCycle.administration, BioManagerApplet.LifeCycle.operational,
                             BioManagerApplet.LifeCycle.locked].contains(lifeCycle)
        guard !needsAdminKey || adminKey != nil else {
            throw StoredStateProblem("life-cycle state \(lifeCycle) without an admin key")
        }
    }
}

/// Why an applet refused its stored state.
struct StoredStateProblem: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}
