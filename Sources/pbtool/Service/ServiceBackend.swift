import BiometricFormats
import Biometry
import Foundation
import Sensors

/// What the service's device works with, from `pbtool service`'s options: the sensor, the
/// encrypted template store and the matcher; the same flows `pbtool enroll` and `verify` run.
struct ServiceBackend {
    let sensor: FlowSensorOptions
    let store: StoreOptions
    /// The extractor and matcher at `--fmr`/`--threshold-score`, made once: the extractor's
    /// filters take milliseconds to build, which every VerifyStart would otherwise pay.
    let engine: RecognitionEngine
    /// Accepted swipes per enrollment (fprintd's `num-enroll-stages`).
    let swipes: Int
    /// Where host rejections are counted; it survives a restart of the service.
    let lockoutPath: String
    /// When a finger locks and for how long (`--lockout-time`).
    let lockoutPolicy: RejectionLockout.Policy
    /// A file naming the `--sensor` to use for each operation (tests present another finger).
    let sensorFile: String?
    /// The users whose card decides when it is in a reader (`--card-user`), and the reader.
    let cardUsers: Set<String>
    let reader: String?
    /// What authorises enrolling onto and deleting from such a card (`--admin-key` or
    /// `PBTOOL_ADMIN_KEY`, `--admin-pin`).
    let adminKey: AdminKeyOption
    let adminPIN: String?

    /// The sensor for one operation, not yet opened; `impressions` as `pbtool enroll`/`verify` ask.
    func makeSensor(impressions: ClosedRange<Int>) throws -> any FingerprintSensor {
        var options = sensor
        if let sensorFile {
            let named = try String(contentsOfFile: sensorFile, encoding: .utf8).trimmingCharacters(in: .whitespacesAndNewlines)
            if !named.isEmpty { options.sensor = named }
        }
        return try options.makeSensor(impressions: impressions, announce: false)
    }

    /// `user`'s enrolled fingers: on the card when it decides for `user`, else in the store
    /// (none for a user the store does not know).
    func enrolledFingers(of user: String) throws -> [Finger] {
        let place = try verificationPlace(for: user)
        defer { place.close() }
        return try place.enrolledFingers(of: user)
    }

    /// `user`'s enrolled fingers on `card` (left connected), or in the store without one.
    func enrolledFingers(of user: String, card: FlowCard?) throws -> [Finger] {
        if let card { return try card.references.enrolledFingers(of: user) }
        return try references(writable: false).enrolledFingers(of: user)
    }

    /// Deletes `fingers` of `user` from `managed` (the card's references, authorised), else from the store.
    func delete(_ fingers: [Finger], of user: String, from managed: CardReferences?) throws {
        let references: any ReferenceDatabase = try managed ?? references(writable: true)
        for finger in fingers { try references.delete(finger, of: user) }
    }

    /// The references on `card` that enrolling and deleting change, authorised by the admin key
    /// or PIN the service was given; checked before any swipe.
    func managedReferences(on card: FlowCard) throws -> CardReferences {
        try card.references(managedWith: adminKey, pin: adminPIN)
    }

    /// An enrollment of `user`'s `finger` onto `card` (its references from ``managedReferences(on:)``)
    /// or, without one, into the store, replacing an earlier one as fprintd does. Building the
    /// controller generates a simulated finger or opens the store, so the device does it off the
    /// bus thread. The card is to be disconnected when the flow has ended.
    func enrollment(of finger: Finger, user: String, onto card: ManagedCard?) throws -> (EnrollmentController, FlowCard?) {
        var configuration = EnrollmentController.Configuration(user: user, finger: finger)
        configuration.swipes = swipes
        configuration.replacing = true
        configuration.timeout = sensor.swipeTimeout(configuration.timeout)
        do {
            let sensor = try makeSensor(impressions: 1...swipes)
            let database: any ReferenceDatabase = try card?.references ?? references(writable: true)
            return (EnrollmentController(configuration: configuration, sensor: sensor, engine: engine, database: database), card?.connection)
        } catch {
            card?.connection.disconnect(leavingPowered: false)
            throw error
        }
    }

    /// Where a verification of `user` is decided: the card in the reader when it decides for
    /// `user` and one is there, else the store. Blocks: off the bus thread only.
    func verificationPlace(for user: String) throws -> VerificationPlace {
        if let card = card(for: user) { return .card(card) }
        return .store(try references(writable: false))
    }

    /// A verification of `user` against `fingers` at `place` (from ``verificationPlace(for:)``,
    /// checked when the call was): one comparison, as fprintd makes per VerifyStart; the card
    /// counts its own tries, the store's rejections are counted in ``lockoutPath``. The card is
    /// to be disconnected when the flow has ended.
    func verification(of fingers: VerificationController.FingerChoice, user: String, at place: VerificationPlace) throws -> (VerificationController, FlowCard?) {
        var configuration = VerificationController.Configuration(user: user, fingers: fingers)
        configuration.timeout = sensor.swipeTimeout(.seconds(30))
        let sensor: any FingerprintSensor
        do {
            sensor = try makeSensor(impressions: 4...4)
        } catch {
            place.close()
            throw error
        }
        switch place {
        case .card(let card):
            return (VerificationController(configuration: configuration, sensor: sensor, engine: engine, references: card.references,
                                           verifier: CardVerifier(edge: card.edge, reader: card.reader)), card)
        case .store(let references):
            return (VerificationController(configuration: configuration, sensor: sensor, engine: engine, references: references,
                                           verifier: HostVerifier(references: references), lockout: RejectionLockout(policy: lockoutPolicy, path: lockoutPath)), nil)
        }
    }

    /// The card in the reader, when it decides for `user` and one is there.
    func card(for user: String) -> FlowCard? {
        guard cardUsers.contains(user) else { return nil }
        return try? FlowCard(reader: reader, showSecrets: false, trace: nil)
    }

    private func references(writable: Bool) throws -> HostReferences {
        HostReferences(database: try store.open(readOnly: !writable), engine: engine)
    }
}

// Built once from the parsed options and only read afterwards, from the bus thread and from the
// tasks that build each operation's flow.
extension ServiceBackend: @unchecked Sendable {}
