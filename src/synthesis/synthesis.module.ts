import { Module } from '@nestjs/common';
import { PurchaseLinks } from './purchase-links.js';
import { SynthesisService } from './synthesis.service.js';

// AppConfig comes from the global ConfigModule.
@Module({
  providers: [SynthesisService, PurchaseLinks],
  exports: [SynthesisService, PurchaseLinks],
})
export class SynthesisModule {}
