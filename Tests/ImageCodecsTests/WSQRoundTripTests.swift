import Testing
@testable import ImageCodecs
