/**
 * Record shapes. The contract shows no fields beyond `Id`; the typed ones below use the real V2
 * field names (PascalCase, `null` for a missing value, dates without a time zone). A record
 * carries its id either as `Id` (contract) or as the real key; read it with `recordId`.
 */
import type { Kind } from './kinds.ts';

/** Any record: open fields, an id in one of the two styles. */
export interface OpenRecord {
  Id?: number;
  [field: string]: unknown;
}

/** A product as the till sells it. */
export interface Product extends OpenRecord {
  ProductID?: number;
  Name: string;
  Description: string | null;
  CostPrice: number | null;
  SalePrice: number | null;
  EatOutPrice: number | null;
  CategoryID: number | null;
  Barcode: string | null;
  TaxRateID: number | null;
  EatOutTaxRateID: number | null;
  BrandID: number | null;
  SupplierID: number | null;
  PopupNoteID: number | null;
  UnitOfSale: number | null;
  VolumeOfSale: number | null;
  MultiChoiceID: number | null;
  ColourID: number | null;
  VariantGroupID: number | null;
  Size: string | null;
  Sku: string | null;
  SellOnWeb: boolean | null;
  SellOnTill: boolean | null;
  OrderCode: string | null;
  ButtonColourID: number | null;
  SortPosition: number | null;
  MagentoAttributeSetID: number | null;
  CostPriceTaxRateID: number | null;
  RRPrice: number | null;
  ProductType: number | null;
  TareWeight: number | null;
  ArticleCode: string | null;
}

/** A way to pay: Cash, Card... */
export interface TenderType extends OpenRecord {
  TypeID?: number;
  Name: string;
  Description: string | null;
}

/** A table in the shop's floor plan. */
export interface SeatingTable extends OpenRecord {
  TableID?: number;
  Name: string;
  Seats: number | null;
  SeatingAreaID: number | null;
  PosX: number | null;
  PosY: number | null;
}

/** Why a discount is given, with its default percentage. */
export interface DiscountReason extends OpenRecord {
  DiscountReasonID?: number;
  Reason: string;
  DefaultVal: number | null;
}

/**
 * A product's price in one area of a location (bar, terrace...). Not public for V2: the fields
 * are a guess after the other kinds' (epos-facts.md), so every price may be missing or null.
 */
export interface ProductLocationAreaPrice extends OpenRecord {
  ProductLocationAreaPriceID?: number;
  ProductID: number | null;
  LocationAreaID: number | null;
  SalePrice: number | null;
  EatOutPrice: number | null;
}

/** A shop customer. */
export interface Customer extends OpenRecord {
  CustomerID?: number;
  Title: string | null;
  Forename: string | null;
  Surname: string | null;
  BusinessName: string | null;
  DateOfBirth: string | null;
  ContactNumber: string | null;
  ContactNumber2: string | null;
  EmailAddress: string | null;
  Type: number | null;
  MaxCredit: number | null;
  CurrentBalance: number | null;
  ExpiryDate: string | null;
  CardNumber: string | null;
  CurrentPoints: number | null;
  SignUpDate: string | null;
  Notes: string | null;
  SignUpLocationID: number | null;
  MainAddressID: number | null;
}

/** The record type of each kind: typed for the cached kinds and Customer, open otherwise. */
export type RecordOf<K extends Kind> = K extends 'Product'
  ? Product
  : K extends 'TenderType'
    ? TenderType
    : K extends 'SeatingTable'
      ? SeatingTable
      : K extends 'DiscountReason'
        ? DiscountReason
        : K extends 'Customer'
          ? Customer
          : K extends 'ProductLocationAreaPrice'
            ? ProductLocationAreaPrice
            : OpenRecord;

/** A create or update body: any subset of the record's fields. */
export type RecordInput<K extends Kind> = Partial<RecordOf<K>>;
