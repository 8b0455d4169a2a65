import Biometry
import Foundation

/// The JSON shape of one event: `event` names it, the other members depend on it.
struct EventJSON: Encodable {
    var event: String
    var finger: String?
    var number: Int?
    var total: Int?
    var purpose: String?
    var status: String?
    var reason: String?
    var count: Int?
    var width: Int?
    var height: Int?
    var dpi: Double?
    var rawWidth: Int?
    var rawHeight: Int?
    var quality: Int?
    var area: Double?
    var minimumQuality: Int?
    var minimumArea: Double?
    var passes: Bool?
    var instruction: String?
    var advice: String?
    var instructions: [String]?
    var id: Int?
    var title: String?
    var message: String?
    var step: String?
    /// `press` or `swipe`.
    var scanType: String?
    /// `needed`, `present` or `none`.
    var fingerPresence: String?
    var swipe: Int?
    var match: MatchJSON?
    var device: String?
    var name: String?
    var reader: String?
    var outcome: OutcomeJSON?

    init(_ event: BiometryEvent) {
        self.event = Self.name(of: event)
        switch event {
        case .swipeRequested(let request):
            (finger, number, total, purpose) = (request.finger?.name, request.number, request.total, request.purpose.rawValue)
            scanType = request.scanKind.rawValue
        case .finger(let presence): fingerPresence = presence.rawValue
        case .captureStatus(let status): describe(status)
        case .framesArrived(let count): self.count = count
        case .image(let images):
            (width, height, dpi) = (images.processed.width, images.processed.height, images.processed.dpi)
            (rawWidth, rawHeight) = (images.raw?.width, images.raw?.height)
        case .quality(let reading):
            (quality, area, passes) = (reading.quality, (reading.area * 10).rounded() / 10, reading.passes)
            (minimumQuality, minimumArea) = (reading.minimumQuality, reading.minimumArea)
        case .instruction(let instruction): (self.instruction, advice) = (instruction.rawValue, instruction.advice)
        case .prompt(let prompt): (id, title, message) = (prompt.id, prompt.title, prompt.message)
        case .processingStarted(let step), .processingStopped(let step): self.step = step.rawValue
        case .swipeAccepted(let request): (number, total) = (request.number, request.total)
        case .swipeRejected(let instructions): self.instructions = instructions.map(\.rawValue)
        case .chosenImage(let chosen): (swipe, width, height) = (chosen.swipeNumber, chosen.image.width, chosen.image.height)
        case .matchAccepted(let report), .matchRejected(let report): match = MatchJSON(report)
        case .practiceStep(let step, let kind):
            (number, self.step, message, scanType) = (step.rawValue, step.name, step.explanation(for: kind), kind.rawValue)
        case .device(let device): describe(device)
        case .finished(let outcome): self.outcome = OutcomeJSON(outcome)
        }
    }

    private mutating func describe(_ status: CaptureStatus) {
        switch status {
        case .capturing: self.status = "capturing"
        case .completed: self.status = "completed"
        case .timedOut: self.status = "timedOut"
        case .aborted(let why): (self.status, reason) = ("aborted", why)
        case .cancelled: self.status = "cancelled"
        }
    }

    private mutating func describe(_ event: DeviceEvent) {
        switch event {
        case .sensorAttached(let sensor): (device, name) = ("sensorAttached", sensor)
        case .sensorDetached(let why): (device, reason) = ("sensorDetached", why)
        case .cardInserted(let where_): (device, reader) = ("cardInserted", where_)
        case .cardRemoved(let where_): (device, reader) = ("cardRemoved", where_)
        }
    }

    private static func name(of event: BiometryEvent) -> String {
        switch event {
        case .swipeRequested: "swipeRequested"
        case .captureStatus: "captureStatus"
        case .framesArrived: "framesArrived"
        case .image: "image"
        case .quality: "quality"
        case .instruction: "instruction"
        case .prompt: "prompt"
        case .processingStarted: "processingStarted"
        case .processingStopped: "processingStopped"
        case .swipeAccepted: "swipeAccepted"
        case .swipeRejected: "swipeRejected"
        case .chosenImage: "chosenImage"
        case .matchAccepted: "matchAccepted"
        case .matchRejected: "matchRejected"
        case .practiceStep: "practiceStep"
        case .finger: "finger"
        case .device: "device"
        case .finished: "finished"
        }
    }
}

/// One comparison in JSON.
struct MatchJSON: Encodable {
    let finger: String
    let user: String?
    let place: String
    let score: Double?
    let threshold: Double?
    let falseMatchRate: Double?
    let retriesLeft: Int?
    /// From the swipe's last strip to the decision.
    let decisionMilliseconds: Double?

    init(_ report: MatchReport) {
        finger = report.finger.name
        user = report.user
        place = report.place.rawValue
        score = report.score.map { ($0 * 100).rounded() / 100 }
        threshold = report.threshold?.score
        falseMatchRate = report.threshold?.falseMatchRate
        retriesLeft = report.retriesLeft
        decisionMilliseconds = report.decisionTime.map { duration in
            let (seconds, attoseconds) = duration.components
            return ((Double(seconds) * 1000 + Double(attoseconds) / 1e15) * 100).rounded() / 100
        }
    }
}
